# Ring two of the write corpus (issue 32), appended to writes.sql: writes
# through updatable views, literal-only INSERT ... SELECT, and schema that
# would act on stored bytes. DDL that squeeze refuses still runs on truth
# (DDL commits implicitly), so each is followed by the statement that undoes
# it on truth and is harmless on sq.
## view
INSERT INTO v_docs (id, body, title) VALUES (201, {J1}, 'v')
INSERT INTO v_docs VALUES (202, {J2}, 'v')
INSERT INTO v_docs SET id = 203, body = {J3}
REPLACE INTO v_docs (id, body) VALUES (202, {J4})
UPDATE v_docs SET body = {J5} WHERE id = 201
UPDATE v_docs SET body = CASE WHEN id = 203 THEN {J6} ELSE body END WHERE id IN (201, 203)
INSERT INTO v_v (id, b2) VALUES (204, {J1})
UPDATE v_v SET b2 = {J2} WHERE id = 204
INSERT INTO v_docs (id, body) VALUES (205, {J3}) ON DUPLICATE KEY UPDATE body = VALUES(body)
INSERT INTO v_docs (id, body) VALUES (205, {J4}) ON DUPLICATE KEY UPDATE body = {J5}
UPDATE v_docs SET body = UPPER(title) WHERE id = 201
UPDATE v_docs SET title = 'w' WHERE body LIKE '%a%'
DELETE FROM v_docs WHERE body = 'x'
DELETE FROM v_v WHERE b2 IS NULL AND id = 205
UPDATE v_docs SET title = 'n' WHERE body IS NOT NULL AND id > 200
## insert select of constants
INSERT INTO docs (id, doc) SELECT 211, {J1}
INSERT INTO docs (id, doc, title) SELECT 212, {J2}, 'x' FROM DUAL
INSERT INTO docs SELECT 213, {J3}, 's', 1
INSERT INTO docs (id, doc) SELECT 214, {J4} AS doc
INSERT INTO v_docs (id, body) SELECT 215, {J5}
INSERT INTO docs (id, doc) SELECT 216, UPPER({J6})
INSERT INTO docs (id, doc) SELECT id + 300, {J6} FROM docs WHERE id = 1
## ddl on stored bytes
ALTER TABLE docs ALTER doc SET DEFAULT {J1}
ALTER TABLE docs ALTER doc DROP DEFAULT
ALTER TABLE docs ADD UNIQUE KEY u_doc (doc(20))
DROP INDEX IF EXISTS u_doc ON docs
CREATE INDEX i_doc ON docs (title, doc(8))
DROP INDEX IF EXISTS i_doc ON docs
ALTER TABLE docs ADD COLUMN k INT AS (LENGTH(doc)) VIRTUAL
ALTER TABLE docs DROP COLUMN IF EXISTS k
ALTER TABLE docs ADD CONSTRAINT c_doc CHECK (doc IS NULL OR LENGTH(doc) > 2)
ALTER TABLE docs DROP CONSTRAINT IF EXISTS c_doc
ALTER TABLE docs ALTER doc SET DEFAULT NULL
INSERT INTO docs (id, title) VALUES (221, 'takes the default')
## compound block
BEGIN NOT ATOMIC INSERT INTO docs (id, doc) VALUES (261, {J1}); UPDATE docs SET doc = {J2} WHERE id = 261; END
BEGIN NOT ATOMIC REPLACE INTO docs SET id = 262, doc = {J3}; DELETE FROM docs WHERE id = 261; END
BEGIN NOT ATOMIC INSERT INTO docs (id, doc, title) VALUES (263, {J4}, 'b'), (264, NULL, 'c'); UPDATE docs SET title = 'd' WHERE doc IS NULL AND id = 264; END
BEGIN NOT ATOMIC INSERT INTO docs VALUES (265, {J5}, 'e', 5); END
BEGIN NOT ATOMIC DECLARE v LONGTEXT DEFAULT {J5}; INSERT INTO docs (id, doc) VALUES (266, v); END
BEGIN NOT ATOMIC INSERT INTO docs (id, doc) VALUES (267, {J6}); SELECT LENGTH(doc) FROM docs WHERE id = 267; END
BEGIN NOT ATOMIC UPDATE docs SET doc = CONCAT(doc, ' ') WHERE id = 262; END
BEGIN NOT ATOMIC INSERT INTO docs (id, doc) VALUES (268, @nope); END
## temporary table
CREATE TEMPORARY TABLE docs (id INT PRIMARY KEY, doc LONGTEXT, title VARCHAR(32), n INT)
INSERT INTO docs VALUES (271, {J1}, 't', 1)
UPDATE docs SET doc = {J2} WHERE id = 271
SELECT id, LENGTH(doc), doc LIKE '%a%' FROM docs
DROP TEMPORARY TABLE docs
INSERT INTO docs (id, doc) VALUES (273, {J3})
## block then statement
# A block of plain writes and reads cannot change sql_mode or the character
# set: the statements after it in the same query are planned, and results
# are attributed as the server sends them. A line starting with `= ` must
# be answered: a refusal of it fails the oracle.
= BEGIN NOT ATOMIC INSERT INTO docs (id, doc) VALUES (281, {J1}); END; INSERT INTO docs (id, doc) VALUES (282, {J2})
= DELETE FROM docs WHERE id = 281; BEGIN NOT ATOMIC UPDATE docs SET doc = {J3} WHERE id = 282; SELECT id FROM docs WHERE id = 282; END; SELECT id, doc FROM docs WHERE id > 280
= BEGIN NOT ATOMIC INSERT INTO docs (id, doc) VALUES (283, {J3}); UPDATE docs SET doc = {J4} WHERE id = 283; SELECT id FROM docs WHERE id = 283; END
= BEGIN NOT ATOMIC INSERT INTO docs (id, doc) VALUES (285, {J6}); SELECT COUNT(*) FROM docs WHERE doc IS NOT NULL; END
BEGIN NOT ATOMIC SET @x = 1; END; INSERT INTO docs (id, doc) VALUES (284, {J5})
