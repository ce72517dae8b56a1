module squeeze/tests/clients/go

// go 1.19: builds with Debian 12's packaged Go (apt-get install golang).
go 1.19

require github.com/go-sql-driver/mysql v1.8.1

require filippo.io/edwards25519 v1.1.0 // indirect
