# The oracle's write corpus: one statement per line, run on truth (inside a
# transaction, rolled back when squeeze refuses) and through squeeze; after
# each, both whole tables must read the same and every value of 64 bytes or
# more in sq must be stored compressed. {J1}..{J6} are JSON documents as SQL
# literals, {H1}/{H2} the two halves of {J6}.
## insert
INSERT INTO docs (id, doc, title, n) VALUES (101, {J1}, 'w', 1)
INSERT INTO docs VALUES (102, {J2}, 'w', 2)
INSERT INTO docs SET id = 103, doc = {J3}, title = 'w'
INSERT INTO docs (id, doc) VALUES (104, {J1}), (105, NULL), (106, '{"a":1}')
INSERT IGNORE INTO docs (id, doc) VALUES (101, {J4})
INSERT INTO docs (id, doc) VALUES (101, {J4}) ON DUPLICATE KEY UPDATE doc = VALUES(doc)
INSERT INTO docs (id, doc) VALUES (102, {J5}) ON DUPLICATE KEY UPDATE doc = {J1}
REPLACE INTO docs VALUES (103, {J5}, 'r', 3)
INSERT INTO docs (id, doc) VALUES (107, ({J2}))
INSERT INTO docs (id, doc) VALUES (108, _utf8mb4{J3} COLLATE utf8mb4_bin)
INSERT INTO docs (id, doc) VALUES (109, CONVERT({J4} USING utf8mb4))
INSERT INTO docs (id, doc) VALUES (110, CONCAT({H1}, {H2}))
INSERT INTO docs (id, doc) VALUES (111, UPPER({J1}))
INSERT INTO docs (id, doc) VALUES (112, @v)
INSERT INTO docs (id, doc) VALUES (113, JSON_OBJECT('a', 1))
INSERT INTO docs (id, doc) SELECT 114, doc FROM docs WHERE id = 1
INSERT INTO docs (id, doc, title, n) SELECT 115, NULL, title, n FROM docs WHERE id = 1
INSERT INTO notes (id, body, doc_id) VALUES (101, {J1}, 1), (102, {J2}, 2)
SET STATEMENT sql_mode = '' FOR INSERT INTO docs (id, doc) VALUES (116, {J6})
EXECUTE IMMEDIATE 'INSERT INTO docs (id, doc) VALUES (117, ?)' USING {J3}
INSERT INTO docs (id, doc) VALUES (118, CASE WHEN 1 = 1 THEN {J2} ELSE NULL END)
## update
UPDATE docs SET doc = {J1} WHERE id = 1
UPDATE docs SET doc = CASE WHEN (id = 2) THEN {J2} WHEN (id = 3) THEN {J3} ELSE NULL END WHERE id IN (2, 3)
UPDATE docs SET doc = COALESCE({J4}, NULL) WHERE id = 4
UPDATE docs SET doc = IF(id = 5, {J5}, NULL) WHERE id = 5
UPDATE docs SET doc = IFNULL(NULL, {J6}) WHERE id = 6
UPDATE docs SET doc = CONCAT('{"a":', '1}') WHERE id = 8
UPDATE docs SET doc = NULL WHERE id = 9
UPDATE docs SET doc = doc WHERE id = 11
UPDATE docs d JOIN notes n ON n.id = d.id SET d.doc = n.body WHERE d.id = 12
UPDATE docs SET title = 'nulls' WHERE doc IS NULL
UPDATE docs SET n = n + 1 WHERE doc IS NOT NULL AND id < 20
UPDATE docs SET doc = UPPER({J1}) WHERE id = 13
UPDATE docs SET doc = JSON_SET(doc, '$.a', 1) WHERE id = 14
UPDATE docs SET doc = (SELECT body FROM notes WHERE id = 1) WHERE id = 15
UPDATE docs SET doc = title WHERE id = 16
UPDATE docs SET doc = {J2} WHERE doc = 'x'
UPDATE docs SET title = doc WHERE id = 17
UPDATE notes SET body = {J3} WHERE doc_id = 3 ORDER BY id LIMIT 1
UPDATE docs SET doc = CASE WHEN doc IS NULL THEN {J1} ELSE doc END WHERE id = 18
## delete
DELETE FROM docs WHERE id = 10
DELETE FROM docs WHERE doc IS NULL AND id > 30
DELETE FROM docs WHERE doc = 'x'
DELETE FROM docs WHERE JSON_EXTRACT(doc, '$.id') = 1
DELETE FROM notes WHERE body IS NULL
DELETE d FROM docs d JOIN notes n ON n.doc_id = d.id WHERE n.id = 19
