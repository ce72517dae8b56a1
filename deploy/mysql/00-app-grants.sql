-- Runs first on every shard (mounted into /docker-entrypoint-initdb.d).
-- The `app` account itself is created by the mysql image from MYSQL_USER /
-- MYSQL_PASSWORD (so the password is never written in a file here), with
-- MySQL 8.4's default plugin caching_sha2_password; squeeze logs in with it
-- (fast path once the server has cached it, full auth over TLS or with the
-- server's RSA key). mysql_native_password is disabled by default in 8.4.
GRANT ALL PRIVILEGES ON `pins\_%`.* TO 'app'@'%';
FLUSH PRIVILEGES;
