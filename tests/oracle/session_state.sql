# Issue 32: session state the server knows (sql_mode aliases, changes made
# by dynamic SQL and procedures) and version comments of past and future
# versions. Loaded after corpus.sql, same format.
## sql_mode alias
SET sql_mode = 'MSSQL' ;; SELECT "doc" FROM docs WHERE id = 1
SET sql_mode = 'MSSQL' ;; SELECT id FROM docs WHERE "doc" LIKE '%a%'
SET sql_mode = 'POSTGRESQL' ;; SELECT LENGTH("doc") FROM docs
SET sql_mode = 'DB2' ;; SELECT "doc", "title" FROM docs WHERE id < 4
SET sql_mode = 'MAXDB' ;; SELECT MD5("doc") FROM docs
SET sql_mode = 'ORACLE' ;; SELECT "doc" FROM docs WHERE id = 2
SET sql_mode = 'ANSI' ;; SELECT "doc" || 'x' FROM docs
SET sql_mode = 'MSSQL' ;; SELECT 'doc' FROM docs WHERE id = 1
SET sql_mode = 'POSTGRESQL,NO_BACKSLASH_ESCAPES' ;; SELECT id FROM docs WHERE "doc" = 'a\'
## sql_mode by dynamic SQL
EXECUTE IMMEDIATE 'SET sql_mode=''ANSI_QUOTES''' ;; SELECT LENGTH("doc") FROM docs
EXECUTE IMMEDIATE 'SET sql_mode=''ANSI_QUOTES''' ;; SELECT "doc" FROM docs WHERE id = 3
PREPARE s FROM 'SET sql_mode=''MSSQL''' ;; EXECUTE s ;; SELECT id FROM docs WHERE "doc" LIKE '%x%'
PREPARE s FROM 'SET sql_mode=''ANSI''' ;; EXECUTE s ;; SELECT "doc" FROM docs ORDER BY id LIMIT 3
SET @m = 'ANSI_QUOTES' ;; SET sql_mode = @m ;; SELECT CHAR_LENGTH("doc") FROM docs
SET sql_mode = 'ANSI_QUOTES' ;; EXECUTE IMMEDIATE 'SET sql_mode=''''' ;; SELECT "doc" FROM docs WHERE id = 1
SET sql_mode = CONCAT(@@sql_mode, ',ANSI_QUOTES') ;; SELECT "doc" FROM docs WHERE id = 4
EXECUTE IMMEDIATE 'SET sql_mode=''NO_BACKSLASH_ESCAPES''' ;; SELECT id FROM docs WHERE doc = 'a\' OR id = 1
EXECUTE IMMEDIATE 'SET sql_mode=''ANSI_QUOTES''' ;; SELECT "doc" FROM docs WHERE id = 1
SET STATEMENT sql_mode = 'ANSI_QUOTES' FOR SELECT LENGTH("doc") FROM docs
SET STATEMENT sql_mode = 'MSSQL' FOR SELECT "doc" FROM docs WHERE id = 1
SET STATEMENT sql_mode = 'ANSI_QUOTES' FOR SELECT id FROM docs ;; SELECT "doc" FROM docs WHERE id = 1
## version comments
SELECT /*!110000 1 -- '*/ LENGTH(doc) FROM docs
SELECT /*M!110000 1 -- '*/ LENGTH(doc) FROM docs
SELECT /*!99999 1 -- '*/ LENGTH(doc) FROM docs
SELECT /*!50700 1 -- '*/ MD5(doc) FROM docs
SELECT /*M!50700 1 -- '*/ MD5(doc) FROM docs
SELECT /*!100100 doc */ FROM docs WHERE id = 1
SELECT /*M!100100 doc */ FROM docs WHERE id = 2
SELECT /*!40101 doc, */ id FROM docs WHERE id < 3
SELECT /*! doc */ FROM docs WHERE id = 5
SELECT id /*!110000 , LENGTH(doc) */ FROM docs
SELECT id /*!110000 , LENGTH(doc) /* nested */ */ FROM docs
SELECT /*!110000 LENGTH( */ doc /*!110000 ) */ FROM docs WHERE id = 1
SELECT /*!100000 LENGTH( */ doc /*!100000 ) */ FROM docs WHERE id = 1
SELECT id FROM docs WHERE /*!110000 doc LIKE '%a%' AND */ id = 2
