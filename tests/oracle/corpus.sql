# The oracle's hand-written corpus. One case per line; `## class` starts a
# class; ` ;; ` separates statements of one case, run in order on fresh
# connections (cases that change session state). Every single-statement case
# also runs as a prepared statement.
## plain
SELECT id, doc FROM docs
SELECT * FROM docs
SELECT doc FROM docs WHERE id = 1
SELECT doc, title FROM docs WHERE id IN (1, 2, 3)
SELECT id, doc FROM docs ORDER BY id DESC LIMIT 5
SELECT id, doc FROM docs ORDER BY id LIMIT 3 OFFSET 2
SELECT id FROM docs WHERE doc IS NULL
SELECT id FROM docs WHERE doc IS NOT NULL AND n = 1
SELECT id, doc IS NULL FROM docs
SELECT COUNT(doc), COUNT(*), COUNT(id) FROM docs
SELECT title, COUNT(doc) FROM docs GROUP BY title
SELECT doc AS j FROM docs WHERE title = 't1'
SELECT docs.doc FROM docs
SELECT sq_or_truth.doc FROM docs sq_or_truth
SELECT `doc` FROM `docs`
SELECT d.* FROM docs d WHERE d.id < 4
SELECT d.*, u.name FROM docs d JOIN users u ON u.id = d.id
SELECT id, body FROM notes WHERE doc_id = 3
SELECT doc FROM docs WHERE id = 1 FOR UPDATE
SELECT doc FROM docs WHERE id = 2 LOCK IN SHARE MODE
SELECT SQL_NO_CACHE doc FROM docs WHERE id = 3
SELECT ISNULL(doc) FROM docs
SELECT IF(doc IS NULL, 'none', 'some') FROM docs
SELECT CASE WHEN doc IS NULL THEN 0 ELSE 1 END FROM docs
SELECT (doc) FROM docs
SELECT ((doc)) AS x FROM docs WHERE id > 30
SELECT id FROM docs WHERE NOT (doc IS NULL)
SELECT id FROM docs WHERE JSON_UNQUOTE(doc) IS NULL
SELECT id FROM docs WHERE JSON_UNQUOTE(doc) IS NOT NULL ORDER BY id
SELECT id FROM docs WHERE (doc IS NULL) = 0
SELECT id FROM docs HAVING id > 35
SELECT doc FROM docs LIMIT 0
## derived
SELECT x FROM (SELECT doc AS x FROM docs) t
SELECT * FROM (SELECT id, doc FROM docs) t WHERE id < 5
SELECT t.doc FROM (SELECT * FROM docs) t WHERE t.id = 7
SELECT * FROM (SELECT * FROM (SELECT id, doc AS y FROM docs) a) b
SELECT y FROM (SELECT * FROM (SELECT id, doc AS y FROM docs) a) b WHERE id > 10
SELECT * FROM (SELECT doc AS x FROM docs) t WHERE x = 'a'
SELECT * FROM (SELECT doc AS x FROM docs) t WHERE x IS NULL
SELECT * FROM (SELECT doc AS x, id FROM docs) t ORDER BY x
SELECT * FROM (SELECT doc AS x, id FROM docs) t ORDER BY id
SELECT LENGTH(x) FROM (SELECT doc AS x FROM docs) t
SELECT COUNT(x) FROM (SELECT doc AS x FROM docs) t
SELECT x, COUNT(*) FROM (SELECT doc AS x FROM docs) t GROUP BY x
SELECT t.name FROM (SELECT id, doc AS name FROM docs) t
SELECT * FROM (SELECT doc, title FROM docs WHERE n = 2) t JOIN users u ON u.id = t.title
SELECT doc FROM (SELECT id, doc FROM docs UNION ALL SELECT id, body FROM notes) t
SELECT doc FROM (SELECT id, doc FROM docs UNION ALL SELECT id, body FROM notes) t WHERE doc LIKE '%a%'
## cte
WITH c AS (SELECT doc FROM docs) SELECT doc FROM c
WITH c AS (SELECT id, doc AS j FROM docs) SELECT j FROM c WHERE id = 3
WITH c AS (SELECT id, doc AS j FROM docs) SELECT * FROM c WHERE j LIKE 'x%'
WITH c (k, v) AS (SELECT id, doc FROM docs) SELECT v, k FROM c
WITH c (k, v) AS (SELECT id, doc FROM docs) SELECT k FROM c WHERE v = '1'
WITH a AS (SELECT id, doc FROM docs), b AS (SELECT doc AS d2 FROM a) SELECT d2 FROM b
WITH a AS (SELECT id, doc FROM docs), b AS (SELECT doc AS d2 FROM a) SELECT d2 FROM b ORDER BY d2
WITH a AS (SELECT id, doc FROM docs) SELECT x.doc FROM a x JOIN a y ON x.id = y.id
WITH a AS (SELECT id, doc FROM docs) SELECT x.doc FROM a x JOIN a y ON x.doc = y.doc
WITH RECURSIVE r (n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 5) SELECT d.doc FROM r JOIN docs d ON d.id = r.n
WITH RECURSIVE r (k, d) AS (SELECT id, doc FROM docs WHERE id = 1 UNION ALL SELECT k + 1, d FROM r WHERE k < 3) SELECT * FROM r
WITH RECURSIVE r (k, d) AS (SELECT id, doc FROM docs WHERE id = 1 UNION ALL SELECT k + 1, d FROM r WHERE k < 3) SELECT k FROM r WHERE d = 'x'
WITH RECURSIVE r (k, d) AS (SELECT id, doc FROM docs WHERE id = 1 UNION SELECT k + 1, d FROM r WHERE k < 3) SELECT k FROM r
WITH c AS (SELECT doc FROM docs) SELECT COUNT(*) FROM c WHERE doc IS NOT NULL
## setop
SELECT doc FROM docs UNION ALL SELECT body FROM notes
SELECT id, doc FROM docs UNION ALL SELECT id, name FROM users
SELECT id, name FROM users UNION ALL SELECT id, doc FROM docs
SELECT doc FROM docs UNION SELECT body FROM notes
SELECT doc FROM docs UNION DISTINCT SELECT doc FROM docs
SELECT doc FROM docs INTERSECT SELECT body FROM notes
SELECT doc FROM docs EXCEPT SELECT body FROM notes
SELECT doc FROM docs EXCEPT ALL SELECT body FROM notes
SELECT doc FROM docs INTERSECT ALL SELECT doc FROM docs
(SELECT doc FROM docs WHERE id = 1) UNION ALL (SELECT doc FROM docs WHERE id = 2)
(SELECT doc FROM docs WHERE id = 1) UNION (SELECT doc FROM docs WHERE id = 2)
SELECT id, doc FROM docs UNION ALL SELECT id, body FROM notes ORDER BY 1
SELECT id, doc FROM docs UNION ALL SELECT id, body FROM notes ORDER BY 2
SELECT id, doc FROM docs UNION ALL SELECT id, body FROM notes ORDER BY id DESC LIMIT 4
SELECT id FROM docs UNION SELECT id FROM notes
SELECT id FROM docs INTERSECT SELECT id FROM notes
SELECT title FROM docs EXCEPT SELECT name FROM users
((SELECT doc FROM docs) UNION ALL (SELECT body FROM notes)) UNION ALL SELECT doc FROM docs WHERE id = 1
SELECT name FROM users UNION ALL SELECT doc FROM users
SELECT doc FROM users UNION SELECT doc FROM docs
## subquery
SELECT (SELECT doc FROM docs d2 WHERE d2.id = d.id) FROM docs d
SELECT id, (SELECT doc FROM docs WHERE id = 1) AS first FROM users
SELECT id FROM docs WHERE (SELECT doc FROM docs WHERE id = 1) = 'x'
SELECT id FROM users WHERE name IN (SELECT doc FROM docs)
SELECT id FROM users WHERE doc IN (SELECT doc FROM users)
SELECT id FROM users WHERE name = ANY (SELECT doc FROM docs)
SELECT id FROM docs d WHERE EXISTS (SELECT 1 FROM notes n WHERE n.doc_id = d.id)
SELECT id FROM docs d WHERE EXISTS (SELECT doc FROM docs e WHERE e.id = d.id AND e.doc IS NULL)
SELECT id FROM docs d WHERE NOT EXISTS (SELECT * FROM notes n WHERE n.body = d.doc)
SELECT u.name, (SELECT COUNT(*) FROM docs WHERE doc IS NULL) FROM users u
SELECT (SELECT body FROM notes n WHERE n.doc_id = d.id ORDER BY n.id LIMIT 1) AS b FROM docs d
SELECT id FROM docs WHERE id IN (SELECT doc_id FROM notes WHERE body IS NOT NULL)
SELECT id FROM docs WHERE id = (SELECT MAX(id) FROM notes)
SELECT COALESCE((SELECT doc FROM docs WHERE id = 1), 'none')
## view
SELECT body FROM v_docs
SELECT * FROM v_docs
SELECT * FROM v_v
SELECT b2 FROM v_v WHERE id = 2
SELECT id FROM v_docs WHERE body = 'x'
SELECT id FROM v_docs WHERE body IS NULL
SELECT LENGTH(b2) FROM v_v
SELECT id FROM v_v ORDER BY b2
SELECT id FROM v_docs ORDER BY body
SELECT v.body, p.name FROM v_docs v JOIN v_plain p ON p.id = v.id
SELECT * FROM v_plain
SELECT body FROM v_docs UNION ALL SELECT b2 FROM v_v
SELECT body FROM v_docs UNION SELECT b2 FROM v_v
SELECT x FROM (SELECT body AS x FROM v_docs) t WHERE x LIKE '%'
## join
SELECT * FROM docs a NATURAL JOIN docs b
SELECT * FROM docs NATURAL JOIN users
SELECT * FROM docs a JOIN docs b USING (doc)
SELECT a.id, b.doc FROM docs a JOIN docs b USING (id)
SELECT * FROM docs a JOIN notes b ON a.id = b.doc_id
SELECT a.doc, b.body FROM docs a LEFT JOIN notes b ON a.id = b.doc_id
SELECT a.id FROM docs a JOIN notes b ON a.doc = b.body
SELECT a.id FROM docs a, notes b WHERE a.doc = b.body
SELECT a.id, b.doc FROM users a JOIN docs b ON a.doc = b.title
SELECT a.id FROM users a JOIN docs b ON a.doc = b.doc
SELECT d.doc FROM docs d STRAIGHT_JOIN users u ON u.id = d.id
SELECT d.doc FROM docs d CROSS JOIN users u WHERE u.id = 1 AND d.id = 2
SELECT * FROM (docs d JOIN users u ON u.id = d.id)
SELECT doc FROM docs JOIN users USING (id)
## function
SELECT LENGTH(doc) FROM docs
SELECT CONCAT('x', doc) FROM docs
SELECT COALESCE(doc, '{}') FROM docs
SELECT IFNULL(doc, 'x') FROM docs
SELECT NULLIF(doc, 'x') FROM docs
SELECT CAST(doc AS CHAR) FROM docs
SELECT CONVERT(doc USING utf8mb4) FROM docs
SELECT UPPER(doc) FROM docs
SELECT SUBSTRING(doc, 1, 5) FROM docs
SELECT MD5(doc) FROM docs
SELECT JSON_EXTRACT(doc, '$.id') FROM docs
SELECT JSON_VALUE(doc, '$.author') FROM docs
SELECT doc->'$.author' FROM docs
SELECT JSON_UNQUOTE(doc) FROM docs
SELECT JSON_VALID(doc) FROM docs
SELECT JSON_LENGTH(doc) FROM docs WHERE id = 1
SELECT id FROM docs WHERE JSON_CONTAINS(doc, '1', '$.score')
SELECT * FROM docs, JSON_TABLE(doc, '$' COLUMNS (a VARCHAR(10) PATH '$.author')) j
SELECT MAX(doc) FROM docs
SELECT MIN(doc) FROM docs
SELECT GROUP_CONCAT(doc) FROM docs
SELECT COUNT(DISTINCT doc) FROM docs
SELECT SUM(LENGTH(doc)) FROM docs
SELECT id FROM docs WHERE doc LIKE '%author%'
SELECT id FROM docs WHERE doc REGEXP 'a'
SELECT id FROM docs WHERE doc = '{"a":1}'
SELECT id FROM docs WHERE doc <=> NULL
SELECT id FROM docs WHERE doc BETWEEN 'a' AND 'z'
SELECT id FROM docs WHERE doc IS TRUE
SELECT id FROM docs WHERE doc
SELECT id FROM docs WHERE id = 1 AND doc
SELECT id FROM docs WHERE id = doc IS NULL
SELECT doc + 0 FROM docs
SELECT -doc FROM docs
SELECT doc COLLATE utf8mb4_bin FROM docs
SELECT BINARY doc FROM docs
SELECT f_doc(1)
SELECT f_len(2)
SELECT id, f_doc(id) FROM users
SELECT HEX(doc) FROM docs WHERE id = 1
SELECT CHAR_LENGTH(title), LENGTH(name) FROM docs, users WHERE docs.id = users.id
SELECT DISTINCT doc FROM docs
SELECT DISTINCT title FROM docs
SELECT DISTINCTROW doc, id FROM docs
## order
SELECT id FROM docs ORDER BY doc
SELECT id, doc FROM docs ORDER BY 2
SELECT id, doc FROM docs ORDER BY 1
SELECT doc AS j FROM docs ORDER BY j
SELECT doc, COUNT(*) FROM docs GROUP BY 1
SELECT doc, COUNT(*) FROM docs GROUP BY doc
SELECT doc AS j, COUNT(*) FROM docs GROUP BY j
SELECT title, COUNT(*) FROM docs GROUP BY 1 ORDER BY 1
SELECT title, COUNT(doc) AS c FROM docs GROUP BY title HAVING c > 1
SELECT title FROM docs GROUP BY title HAVING MAX(doc) IS NOT NULL
SELECT id, doc FROM docs ORDER BY doc IS NULL, id
## window
SELECT id, ROW_NUMBER() OVER (ORDER BY doc) FROM docs
SELECT id, ROW_NUMBER() OVER (PARTITION BY doc ORDER BY id) FROM docs
SELECT id, doc, ROW_NUMBER() OVER (PARTITION BY title ORDER BY id) FROM docs
SELECT id, COUNT(doc) OVER (PARTITION BY title) FROM docs
SELECT id, FIRST_VALUE(doc) OVER (ORDER BY id) FROM docs
SELECT id, LAG(doc) OVER (ORDER BY id) FROM docs
SELECT id, RANK() OVER w FROM docs WINDOW w AS (ORDER BY doc)
## into
SELECT doc INTO @v FROM docs WHERE id = 1 ;; SELECT @v
SELECT doc FROM docs WHERE id = 1 INTO @v ;; SELECT @v
SET @v = (SELECT doc FROM docs WHERE id = 1) ;; SELECT @v
SET @v := (SELECT doc FROM docs WHERE id = 2), @w = 1 ;; SELECT @v, @w
SELECT @v := doc FROM docs WHERE id = 1 ;; SELECT @v
SELECT id INTO @i FROM docs WHERE id = 4 ;; SELECT @i
SET @x = (SELECT COUNT(doc) FROM docs) ;; SELECT @x
DO (SELECT doc FROM docs WHERE id = 1) ;; SELECT 1
SELECT doc FROM docs PROCEDURE ANALYSE()
SELECT doc FROM docs WHERE id = 1 INTO OUTFILE '/tmp/squeeze-oracle-never-written'
## prepare
PREPARE s FROM 'SELECT doc FROM docs WHERE id = ?' ;; SET @i = 3 ;; EXECUTE s USING @i
PREPARE s FROM 'SELECT id FROM docs WHERE doc = ?' ;; SET @i = 'x' ;; EXECUTE s USING @i
PREPARE s FROM 'SELECT doc FROM docs UNION SELECT body FROM notes' ;; EXECUTE s
PREPARE s FROM 'SELECT doc FROM docs UNION ALL SELECT body FROM notes' ;; EXECUTE s
PREPARE s FROM 'SELECT x FROM (SELECT doc AS x FROM docs) t' ;; EXECUTE s ;; DEALLOCATE PREPARE s
EXECUTE IMMEDIATE 'SELECT id FROM docs WHERE doc LIKE ''%a%'''
EXECUTE IMMEDIATE 'SELECT doc FROM docs WHERE id = 5'
## handler
HANDLER docs OPEN ;; HANDLER docs READ FIRST ;; HANDLER docs CLOSE
HANDLER docs OPEN ;; HANDLER docs READ `PRIMARY` = (3) ;; HANDLER docs CLOSE
HANDLER docs OPEN ;; HANDLER docs READ FIRST WHERE doc = 'x' ;; HANDLER docs CLOSE
## misc
SELECT 1
SELECT id, name FROM users ORDER BY name
SELECT COUNT(*) FROM notes
SHOW COLUMNS FROM users
EXPLAIN SELECT doc FROM docs WHERE id = 1
VALUES (1, 'a'), (2, 'b')
SELECT * FROM docs WHERE id = 1 AND title = 't1' OR n = 2
SELECT doc FROM docs WHERE id = 1 ;; SELECT body FROM notes WHERE id = 1
SELECT d.doc FROM docs AS d WHERE d.id BETWEEN 3 AND 6 ORDER BY d.id
SELECT t.doc FROM docs t USE INDEX (PRIMARY) WHERE t.id = 9
SELECT /*+ no hint */ doc FROM docs WHERE id = 10
SELECT doc FROM docs WHERE id = 11 -- trailing comment
/*!50000 SELECT doc FROM docs WHERE id = 12 */
## json
SELECT id, JSON_EXTRACT(doc, '$.author') FROM docs ORDER BY id
SELECT id, JSON_EXTRACT(doc, '$.score'), JSON_EXTRACT(doc, '$.edited') FROM docs
SELECT id, JSON_UNQUOTE(JSON_EXTRACT(doc, '$.author')) FROM docs
SELECT id, JSON_UNQUOTE(JSON_EXTRACT(doc, '$."author"')) AS a FROM docs WHERE id < 20
SELECT JSON_VALUE(doc, '$.author') FROM docs WHERE id = 1
SELECT JSON_VALUE(doc, '$.score') AS s, id FROM docs
SELECT JSON_VALUE(doc, '$.gilded'), JSON_VALUE(doc, '$.archived') FROM docs
SELECT JSON_QUERY(doc, '$.user_reports') FROM docs
SELECT JSON_QUERY(doc, '$') FROM docs WHERE id = 3
SELECT JSON_EXISTS(doc, '$.author'), JSON_EXISTS(doc, '$.nope') FROM docs
SELECT JSON_LENGTH(doc) FROM docs
SELECT JSON_LENGTH(doc, '$.user_reports') FROM docs
SELECT JSON_DEPTH(doc) FROM docs
SELECT JSON_VALID(doc) FROM docs
SELECT id, JSON_EXTRACT(doc, '$.*') FROM docs WHERE id IN (3, 10)
SELECT JSON_EXTRACT(doc, '$.a') FROM docs
SELECT JSON_EXTRACT(doc, '$[0]') FROM docs WHERE id = 3
SELECT JSON_EXTRACT(doc, '$[0 to 1].a') FROM docs WHERE id = 3
SELECT d.id, JSON_EXTRACT(d.doc, '$.author') FROM docs d JOIN users u ON u.id = d.id
SELECT JSON_EXTRACT(body, '$.author') FROM notes WHERE doc_id = 3
SELECT JSON_EXTRACT(`docs`.`doc`, '$.id') `x` FROM `docs`
SELECT id, doc, JSON_VALUE(doc, '$.author') FROM docs WHERE id = 2
SELECT JSON_VALUE(doc, '$.author') FROM docs ORDER BY id DESC LIMIT 3
SELECT id FROM docs WHERE JSON_VALUE(doc, '$.author') = 'bboe'
SELECT id FROM docs WHERE JSON_UNQUOTE(JSON_EXTRACT(doc, '$.author')) = 'bboe'
SELECT id FROM docs ORDER BY JSON_VALUE(doc, '$.score')
SELECT JSON_VALUE(doc, '$.author') a, COUNT(*) FROM docs GROUP BY a
SELECT JSON_VALUE(doc, '$.author') v FROM docs ORDER BY v
SELECT DISTINCT JSON_VALUE(doc, '$.author') FROM docs
SELECT x FROM (SELECT JSON_VALUE(doc, '$.author') x FROM docs) t
SELECT JSON_VALUE(doc, '$.author') FROM docs UNION ALL SELECT name FROM users
SELECT JSON_EXTRACT(doc, '$.author', '$.score') FROM docs
SELECT JSON_EXTRACT(doc, '$**.author') FROM docs
SELECT JSON_EXTRACT(doc, '$[last]') FROM docs
SELECT JSON_KEYS(doc) FROM docs
SELECT JSON_VALUE(doc, '$.author') + 1 FROM docs
SELECT COALESCE(JSON_VALUE(doc, '$.author'), 'none') FROM docs
SELECT MAX(JSON_VALUE(doc, '$.score')) FROM docs
SELECT JSON_VALUE(doc, '$.author') INTO @a FROM docs LIMIT 1
SELECT id, JSON_TYPE(doc), JSON_KEYS(doc) FROM docs ORDER BY id
SELECT JSON_KEYS(doc, '$.user_reports'), JSON_KEYS(doc, '$.nope') FROM docs
SELECT id, JSON_CONTAINS(doc, '"bboe"', '$.author'), JSON_CONTAINS(doc, '1', '$.score') FROM docs
SELECT JSON_CONTAINS_PATH(doc, 'all', '$.author', '$.score'), JSON_CONTAINS_PATH(doc, 'one', '$.nope', '$.*') FROM docs
SELECT id, JSON_EXTRACT(doc, '$.score', '$.author', '$.nope') FROM docs WHERE id < 10
SELECT CAST(JSON_EXTRACT(doc, '$.score') AS SIGNED) s, CAST(JSON_VALUE(doc, '$.ups') AS DECIMAL(8,1)) FROM docs
SELECT IFNULL(JSON_VALUE(doc, '$.edited'), 'no'), COALESCE(JSON_LENGTH(doc, '$.nope'), 0) FROM docs
SELECT id FROM docs WHERE JSON_CONTAINS(doc, '1', '$.score')
SELECT doc->>'$.author' FROM docs WHERE id = 1
# SQLAlchemy 2's typed accessors (as_string, as_integer, as_float,
# as_numeric): a CASE on JSON null around a function squeeze evaluates,
# the column named in both (the definition probe replaces each).
= SELECT docs.id, CASE JSON_EXTRACT(docs.doc, '$."author"') WHEN 'null' THEN NULL ELSE JSON_UNQUOTE(JSON_EXTRACT(docs.doc, '$."author"')) END AS anon_1 FROM docs ORDER BY docs.id
= SELECT id, CASE JSON_EXTRACT(doc, '$.score') WHEN 'null' THEN NULL ELSE CAST(JSON_EXTRACT(doc, '$.score') AS SIGNED INTEGER) END FROM docs
= SELECT CASE JSON_EXTRACT(doc, '$.ups') WHEN 'null' THEN NULL ELSE JSON_EXTRACT(doc, '$.ups')+0.0000000000000000000000 END AS f FROM docs
= SELECT CASE JSON_EXTRACT(doc, '$.score') WHEN 'null' THEN NULL ELSE CAST(JSON_EXTRACT(doc, '$.score') AS DECIMAL(10, 2)) END FROM docs
= SELECT id, CASE JSON_EXTRACT(doc, '$.author_flair_text') WHEN 'null' THEN NULL ELSE JSON_UNQUOTE(JSON_EXTRACT(doc, '$.author_flair_text')) END FROM docs
= SELECT CASE JSON_EXTRACT(doc, '$.nope') WHEN 'null' THEN NULL ELSE CAST(JSON_EXTRACT(doc, '$.nope') AS SIGNED INTEGER) END x FROM docs WHERE id < 5
SELECT CASE JSON_EXTRACT(doc, '$.edited') WHEN 'null' THEN NULL WHEN true THEN true ELSE false END FROM docs
SELECT CASE JSON_EXTRACT(doc, '$.a') WHEN 'null' THEN NULL ELSE JSON_UNQUOTE(JSON_EXTRACT(body, '$.a')) END FROM docs JOIN notes ON notes.doc_id = docs.id
SELECT CASE JSON_EXTRACT(doc, '$.a') WHEN 'NULL' THEN NULL ELSE JSON_EXTRACT(doc, '$.a') END FROM docs
