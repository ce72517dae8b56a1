// go-sql-driver/mysql client driven by tests/compressed_clients.rs.
//
//	go-client HOST PORT USER PASSWORD DB
//
// Reads commands from stdin, one per line, and answers on stdout:
//
//	write MODE FILE   FILE has lines "ID<TAB>HEX(doc)"; inserts each as
//	                  (id, src, doc) into DB.docs, doc passed as a Go string.
//	read MODE         prints "row MODE ID HEX(doc)" for every row of DB.docs
//	                  (doc scanned as sql.RawBytes: the bytes the server sent).
//
// Each command ends with "ok MODE N" or "err MODE message". MODE:
//
//	prepared     default DSN: server-side prepared statements (binary
//	             protocol) for statements with arguments
//	interpolate  interpolateParams=true: arguments escaped client-side into
//	             a text-protocol query
package main

import (
	"bufio"
	"database/sql"
	"encoding/hex"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/go-sql-driver/mysql"
)

func open(host, port, user, pass, db string, interpolate bool) *sql.DB {
	cfg := mysql.NewConfig()
	cfg.User = user
	cfg.Passwd = pass
	cfg.Net = "tcp"
	cfg.Addr = host + ":" + port
	cfg.DBName = db
	cfg.InterpolateParams = interpolate
	cfg.Params = map[string]string{"charset": "utf8mb4"}
	cfg.Collation = "utf8mb4_general_ci"
	cfg.MaxAllowedPacket = 0 // ask the server
	d, err := sql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		fmt.Printf("err fatal open: %v\n", err)
		os.Exit(1)
	}
	d.SetMaxOpenConns(1)
	return d
}

func write(d *sql.DB, mode, file string) (int, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" {
			continue
		}
		parts := strings.SplitN(line, "\t", 2)
		id, err := strconv.ParseInt(parts[0], 10, 64)
		if err != nil {
			return n, err
		}
		doc, err := hex.DecodeString(parts[1])
		if err != nil {
			return n, err
		}
		if _, err := d.Exec("INSERT INTO docs (id, src, doc) VALUES (?, ?, ?)", id, "go-"+mode, string(doc)); err != nil {
			return n, fmt.Errorf("insert id %d: %w", id, err)
		}
		n++
	}
	return n, nil
}

func read(d *sql.DB, mode string, out *bufio.Writer) (int, error) {
	// With an argument: a server-side prepared statement (binary protocol)
	// in prepared mode, an interpolated text query in interpolate mode.
	rows, err := d.Query("SELECT id, doc FROM docs WHERE id >= ? ORDER BY id", 0)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var id int64
		var doc sql.RawBytes
		if err := rows.Scan(&id, &doc); err != nil {
			return n, err
		}
		if doc == nil {
			fmt.Fprintf(out, "row %s %d NULL\n", mode, id)
		} else {
			fmt.Fprintf(out, "row %s %d %s\n", mode, id, hex.EncodeToString(doc))
		}
		n++
	}
	return n, rows.Err()
}

func main() {
	a := os.Args[1:]
	if len(a) != 5 {
		fmt.Fprintln(os.Stderr, "usage: go-client HOST PORT USER PASSWORD DB")
		os.Exit(2)
	}
	dbs := map[string]*sql.DB{
		"prepared":    open(a[0], a[1], a[2], a[3], a[4], false),
		"interpolate": open(a[0], a[1], a[2], a[3], a[4], true),
	}
	out := bufio.NewWriterSize(os.Stdout, 1<<20)
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) < 2 {
			continue
		}
		cmd, mode := f[0], f[1]
		d, ok := dbs[mode]
		var n int
		var err error
		switch {
		case !ok:
			err = fmt.Errorf("unknown mode %q", mode)
		case cmd == "write" && len(f) == 3:
			n, err = write(d, mode, f[2])
		case cmd == "read":
			n, err = read(d, mode, out)
		default:
			err = fmt.Errorf("bad command %q", in.Text())
		}
		if err != nil {
			fmt.Fprintf(out, "err %s %s\n", mode, strings.ReplaceAll(err.Error(), "\n", " | "))
		} else {
			fmt.Fprintf(out, "ok %s %d\n", mode, n)
		}
		out.Flush()
	}
	for _, d := range dbs {
		d.Close()
	}
}
