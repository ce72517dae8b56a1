//! Byte-exact dumps of what a mysql_async client sees: column metadata,
//! raw row values, OK-packet fields, and server errors.
use mysql_async::prelude::*;
use mysql_async::{Conn, Opts, OptsBuilder, Row, Value};

/// Every field of a column definition that a client can observe.
#[derive(Debug, Clone, PartialEq)]
pub struct ColDump {
    pub schema: Vec<u8>,
    pub table: Vec<u8>,
    pub org_table: Vec<u8>,
    pub name: Vec<u8>,
    pub org_name: Vec<u8>,
    pub ty: u8,
    pub flags: u16,
    pub charset: u16,
    pub length: u32,
    pub decimals: u8,
}

impl From<&mysql_async::Column> for ColDump {
    fn from(c: &mysql_async::Column) -> Self {
        ColDump {
            schema: c.schema_ref().to_vec(),
            table: c.table_ref().to_vec(),
            org_table: c.org_table_ref().to_vec(),
            name: c.name_ref().to_vec(),
            org_name: c.org_name_ref().to_vec(),
            ty: c.column_type() as u8,
            flags: c.flags().bits(),
            charset: c.character_set(),
            length: c.column_length(),
            decimals: c.decimals(),
        }
    }
}

/// One result set (or OK) of a statement.
#[derive(Debug, Clone, PartialEq)]
pub struct SetDump {
    pub cols: Vec<ColDump>,
    pub rows: Vec<Vec<Value>>,
    pub affected: u64,
    pub last_insert_id: Option<u64>,
    pub warnings: u16,
    pub info: String,
}

/// Outcome of one statement: its result sets, or the server error.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Sets(Vec<SetDump>),
    Err {
        code: u16,
        state: String,
        message: String,
    },
}

impl Outcome {
    pub fn sets(&self) -> &[SetDump] {
        match self {
            Outcome::Sets(s) => s,
            Outcome::Err { code, message, .. } => {
                panic!("expected result sets, got ERR {code}: {message}")
            }
        }
    }
    /// Rows of the only / first result set.
    pub fn rows(&self) -> &[Vec<Value>] {
        &self.sets()[0].rows
    }
}

pub fn opts(port: u16, user: &str, pass: &str, db: Option<&str>) -> OptsBuilder {
    OptsBuilder::default()
        .ip_or_hostname("127.0.0.1")
        .tcp_port(port)
        .user(Some(user))
        .pass(Some(pass))
        .db_name(db)
        .prefer_socket(false)
}

pub async fn connect(port: u16, db: Option<&str>) -> Conn {
    let o: Opts = opts(port, super::APP_USER, super::APP_PASS, db).into();
    match tokio::time::timeout(std::time::Duration::from_secs(20), Conn::new(o)).await {
        Ok(Ok(c)) => c,
        Ok(Err(e)) => panic!("connect to 127.0.0.1:{port} failed: {e:?}"),
        Err(_) => panic!("connect to 127.0.0.1:{port} timed out"),
    }
}

fn err_outcome(e: mysql_async::Error) -> Outcome {
    match e {
        mysql_async::Error::Server(s) => Outcome::Err {
            code: s.code,
            state: s.state,
            message: s.message,
        },
        other => Outcome::Err {
            code: 0,
            state: "client".into(),
            message: format!("{other:?}"),
        },
    }
}

/// Runs `sql` with the text protocol and dumps every result set.
pub async fn query(conn: &mut Conn, sql: &str) -> Outcome {
    match conn.query_iter(sql).await {
        Ok(r) => dump_sets(r).await,
        Err(e) => err_outcome(e),
    }
}

/// Every result set of a response, with its OK-packet fields.
async fn dump_sets<P: mysql_async::prelude::Protocol>(
    mut r: mysql_async::QueryResult<'_, '_, P>,
) -> Outcome {
    let mut sets = Vec::new();
    loop {
        let cols = r.columns_ref().iter().map(ColDump::from).collect();
        // OK-packet fields are only meaningful for a result without rows
        // (the connection keeps stale values while a row set is pending).
        let (affected, last_insert_id, warnings, info) = if r.columns_ref().is_empty() {
            (
                r.affected_rows(),
                r.last_insert_id(),
                r.warnings(),
                r.info().into_owned(),
            )
        } else {
            (0, None, 0, String::new())
        };
        let rows: Vec<Row> = match r.collect().await {
            Ok(rows) => rows,
            Err(e) => return err_outcome(e),
        };
        sets.push(SetDump {
            cols,
            rows: rows.into_iter().map(|r| r.unwrap()).collect(),
            affected,
            last_insert_id,
            warnings,
            info,
        });
        if r.is_empty() {
            break;
        }
    }
    Outcome::Sets(sets)
}

/// Prepares and executes `sql` with the binary protocol and dumps the result.
pub async fn exec(conn: &mut Conn, sql: &str, params: Vec<Value>) -> Outcome {
    let stmt = match conn.prep(sql).await {
        Ok(s) => s,
        Err(e) => return err_outcome(e),
    };
    match conn.exec_iter(&stmt, params).await {
        Ok(r) => dump_sets(r).await,
        Err(e) => err_outcome(e),
    }
}

/// Runs a statement and panics on error.
pub async fn run(conn: &mut Conn, sql: &str) {
    if let Outcome::Err { code, message, .. } = query(conn, sql).await {
        panic!("`{sql}` failed: {code} {message}");
    }
}

/// Asserts two outcomes are identical and reports the first differing part.
pub fn assert_same(what: &str, direct: &Outcome, proxied: &Outcome) {
    if direct == proxied {
        return;
    }
    match (direct, proxied) {
        (Outcome::Sets(a), Outcome::Sets(b)) if a.len() == b.len() => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                if x.cols != y.cols {
                    panic!("{what}: result set {i}: column metadata differs\n direct: {:?}\n proxy:  {:?}", x.cols, y.cols);
                }
                if x.rows.len() != y.rows.len() {
                    panic!(
                        "{what}: result set {i}: {} rows direct vs {} through proxy",
                        x.rows.len(),
                        y.rows.len()
                    );
                }
                for (j, (rx, ry)) in x.rows.iter().zip(&y.rows).enumerate() {
                    if rx != ry {
                        panic!(
                            "{what}: result set {i} row {j} differs\n direct: {}\n proxy:  {}",
                            short(rx),
                            short(ry)
                        );
                    }
                }
                if x != y {
                    panic!(
                        "{what}: result set {i}: OK fields differ\n direct: affected={} id={:?} warnings={} info={:?}\n proxy:  affected={} id={:?} warnings={} info={:?}",
                        x.affected, x.last_insert_id, x.warnings, x.info, y.affected, y.last_insert_id, y.warnings, y.info
                    );
                }
            }
            unreachable!()
        }
        _ => panic!(
            "{what}: outcomes differ\n direct: {}\n proxy:  {}",
            short_o(direct),
            short_o(proxied)
        ),
    }
}

fn short(v: &[Value]) -> String {
    let s = format!("{v:?}");
    if s.len() > 600 {
        format!(
            "{}… ({} chars)",
            s.chars().take(600).collect::<String>(),
            s.len()
        )
    } else {
        s
    }
}

fn short_o(o: &Outcome) -> String {
    let s = format!("{o:?}");
    if s.len() > 1500 {
        format!(
            "{}… ({} chars)",
            s.chars().take(1500).collect::<String>(),
            s.len()
        )
    } else {
        s
    }
}

/// Extracts bytes from a text/binary value (panics if not bytes).
pub fn bytes(v: &Value) -> &[u8] {
    match v {
        Value::Bytes(b) => b,
        other => panic!("expected bytes, got {other:?}"),
    }
}
