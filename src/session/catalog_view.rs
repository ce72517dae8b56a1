//! `information_schema.COLUMNS` computed on the logical type
//! (`transform::columns_view`): the session asks the server which columns
//! are compressed blobs, sends the statement with the derived table, and
//! describes the result as the server describes the statement as sent (the
//! derived table would change names, flags and decimals).

use crate::backend::query::{simple_query, QueryError};
use crate::error::SqlError;
use crate::protocol::capabilities::MARIADB_CLIENT_CACHE_METADATA;
use crate::protocol::command::ClientCommand;
use crate::protocol::response;
use crate::sql::statement::Query;
use crate::transform::columns_view::{self, Shape};
use crate::transform::constraints_view;

use super::failure::{BackendFault, SessionError};
use super::relay::RelayError;
use super::Session;
use crate::metrics::ErrorSource;

/// The statement to send instead, and whether its result needs the
/// original's description.
pub(super) struct ColumnsView {
    pub text: Vec<u8>,
    pub shape: Shape,
    /// The compressed column (`schema.table.column`) the view is for.
    pub column: String,
}

/// Why the statement is not sent.
pub(super) enum NotSent {
    /// Refused by squeeze (1235 naming the column).
    Refused(SqlError),
    /// The server's own ERR (relayed as it came), or a backend failure.
    Backend(SqlError),
}

impl Session {
    /// `SHOW [FULL] COLUMNS ... WHERE` on a table with a compressed column
    /// (text or prepared): the server filters on the stored type before
    /// squeeze sees a row, so it is refused naming the column.
    pub(super) fn show_columns_where_refusal(
        &self,
        query: &Query<'_>,
        found: &crate::transform::catalog::CatalogResults,
    ) -> Option<SqlError> {
        let column =
            crate::transform::catalog::show_columns_where_refusal(query, found, &self.ctx.rules)?;
        Some(SqlError::not_supported(&format!(
            "SHOW COLUMNS ... WHERE on a table with the compressed column {column}: the server would filter on its stored type (longblob), not the type squeeze presents. Use LIKE on the column name, or SHOW COLUMNS without WHERE"
        )))
    }

    /// The statement with `information_schema.COLUMNS` (when
    /// `columns_view`) and CHECK_CONSTRAINTS / TABLE_CONSTRAINTS computed
    /// as on an uncompressed copy; `Ok(None)`: sent as it came. The catalog
    /// reads run on squeeze's own connection when the statement reads the
    /// previous statement's counts or leaves them for a later one (a
    /// `prepared` statement runs nothing).
    pub(super) async fn catalog_views(
        &mut self,
        query: &Query<'_>,
        current_db: Option<&str>,
        columns_view: bool,
        prepared: bool,
    ) -> Result<Option<ColumnsView>, NotSent> {
        match prepared {
            true => self.keep_counts_across(),
            false => self.keep_counts_for(query.text),
        }
        let view = match columns_view {
            true => self.columns_view(query, current_db).await,
            false => Ok(None),
        };
        let view = match view {
            Ok(view) => {
                match self
                    .constraints_view(query, current_db, prepared, view.is_some())
                    .await
                {
                    Ok(None) => Ok(view),
                    other => other,
                }
            }
            Err(e) => Err(e),
        };
        self.close_aside().await;
        match view {
            // The derived table squeeze puts in its place, materialized,
            // sets FOUND_ROWS() as the statement reads it (measured: 0
            // where the copy answers the previous statement's 6).
            Ok(Some(v)) if crate::sql::diagnostics::mentions_found_rows(query.text) => {
                Err(NotSent::Refused(SqlError::not_supported(&format!(
                    "FOUND_ROWS() in a statement reading the information_schema views that describe the compressed column {}: squeeze computes them with a derived table, which would set FOUND_ROWS() first. Read FOUND_ROWS() in a statement of its own",
                    v.column
                ))))
            }
            other => other,
        }
    }

    /// The statement with `information_schema.COLUMNS` computed on the
    /// logical type; `Ok(None)` when it has no such reference or the server
    /// holds no compressed column the view could list.
    async fn columns_view(
        &mut self,
        query: &Query<'_>,
        current_db: Option<&str>,
    ) -> Result<Option<ColumnsView>, NotSent> {
        let found = match columns_view::find(query, current_db) {
            Ok(None) => return Ok(None),
            other => other,
        };
        let compressed = self.compressed_blobs().await?;
        let Some((db, table, column)) = compressed.first() else {
            return Ok(None);
        };
        let name = format!(
            "{}.{}.{}",
            String::from_utf8_lossy(db),
            String::from_utf8_lossy(table),
            String::from_utf8_lossy(column)
        );
        let found = found.map_err(|why| {
            NotSent::Refused(SqlError::not_supported(&format!(
                "{}: information_schema.COLUMNS describes the compressed column {name} by its logical type (longtext utf8mb4_bin), which squeeze computes by rewriting the statement, and cannot here. Run the statement on its own as a plain SELECT",
                why.0
            )))
        })?;
        let Some(found) = found else {
            return Ok(None);
        };
        let columns = self.information_schema_columns().await?;
        let derived = columns_view::derived_table(&columns, &compressed);
        Ok(Some(ColumnsView {
            text: columns_view::substitute(query.text, &found, &derived),
            shape: found.shape,
            column: name,
        }))
    }

    /// The statement with `information_schema.CHECK_CONSTRAINTS` /
    /// `TABLE_CONSTRAINTS` listing the JSON alias's check of every
    /// `present_as = "json"` compressed column (`transform::constraints_view`);
    /// `Ok(None)`: sent as it came (no reference, no such column, or the
    /// added rows do not change its answer). The derived table's rows come
    /// in another order than the server's own table walk, so a SELECT is
    /// answered from it only when its result has at most one row; more rows
    /// that differ from the statement as sent are refused naming the column.
    /// `prepared`: refused whenever the added rows could matter (an execute
    /// cannot be checked before it runs).
    async fn constraints_view(
        &mut self,
        query: &Query<'_>,
        current_db: Option<&str>,
        prepared: bool,
        with_columns_view: bool,
    ) -> Result<Option<ColumnsView>, NotSent> {
        // The rule check first: the byte scan runs only where a json
        // column is configured.
        if !self
            .ctx
            .rules
            .all()
            .any(|r| r.present_as == crate::config::PresentAs::Json)
            || !constraints_view::may_mention(query.text)
        {
            return Ok(None);
        }
        let found = match constraints_view::find(query, current_db) {
            Ok(f) if f.is_empty() => return Ok(None),
            other => other,
        };
        let json: Vec<_> = self
            .compressed_blobs()
            .await?
            .into_iter()
            .filter(|(d, t, c)| {
                let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
                self.ctx
                    .rules
                    .lookup(&text(d), &text(t), &text(c))
                    .is_some_and(|r| r.present_as == crate::config::PresentAs::Json)
                    && !self
                        .temporary()
                        .is_some_and(|tt| tt.contains(&text(d), &text(t)))
            })
            .collect();
        let Some((db, table, column)) = json.first() else {
            return Ok(None);
        };
        let name = format!(
            "{}.{}.{}",
            String::from_utf8_lossy(db),
            String::from_utf8_lossy(table),
            String::from_utf8_lossy(column)
        );
        let refuse = |why: &str| {
            NotSent::Refused(SqlError::not_supported(&format!(
                "{why}: information_schema.CHECK_CONSTRAINTS and TABLE_CONSTRAINTS list the JSON check (json_valid) of the compressed column {name} as on an uncompressed JSON column, which squeeze computes by rewriting the statement, and cannot here. Select the rows of one table's one constraint, or read SHOW CREATE TABLE"
            )))
        };
        let found = found
            .map_err(|why| refuse(&why.0.replace("information_schema.COLUMNS", "this view")))?;
        if prepared {
            return Err(refuse("a prepared statement"));
        }
        if with_columns_view {
            return Err(refuse(
                "a statement that also reads information_schema.COLUMNS",
            ));
        }
        // The check names the column as the server quotes identifiers for
        // this session.
        let quoting = self
            .internal_query("SELECT @@sql_mode, @@sql_quote_show_create")
            .await?;
        let quote = match quoting.first().map(|r| r.as_slice()) {
            Some([Some(mode), Some(show)]) if show.as_slice() == b"1" => {
                let ansi = mode
                    .split(|&b| b == b',')
                    .any(|m| m.eq_ignore_ascii_case(b"ANSI_QUOTES"));
                if ansi {
                    b'"'
                } else {
                    b'`'
                }
            }
            _ => return Err(refuse("sql_quote_show_create = 0")),
        };
        let mut derived = Vec::new();
        let mut check_columns = Vec::new();
        for (view, _) in &found {
            let columns = self.view_columns(view).await?;
            let table = constraints_view::derived_table(view, &columns, &json, quote);
            if *view == "CHECK_CONSTRAINTS" {
                check_columns = columns;
            }
            match table {
                Some(d) => derived.push(d),
                None => {
                    return Err(refuse(&format!(
                        "information_schema.{view} has columns squeeze does not know"
                    )))
                }
            }
        }
        let views: Vec<_> = found
            .iter()
            .zip(&derived)
            .map(|((_, f), d)| (f, d.as_str()))
            .collect();
        let text = columns_view::substitute_each(query.text, &views);
        let shape = found
            .iter()
            .map(|(_, f)| f.shape.clone())
            .find(|s| *s == Shape::Rows)
            .unwrap_or(Shape::NoRows);
        if shape == Shape::Rows {
            let sent = std::str::from_utf8(query.text)
                .map_err(|_| refuse("a statement that is not UTF-8"))?;
            let rewritten =
                std::str::from_utf8(&text).map_err(|_| refuse("a statement that is not UTF-8"))?;
            // The statement as sent first: its ERR is the client's answer.
            let as_sent = self.compared_query(sent).await?;
            let with_checks = self
                .compared_query(rewritten)
                .await
                .map_err(|_| refuse("the rewritten statement failed"))?;
            // The same rows in another order (the derived table's UNION
            // ALL changes the order the server happens to list them in):
            // the check rows add nothing, and the server's own answer to
            // the statement as sent is exact. Django's constraint
            // introspection of a table without a configured column is this.
            if same_rows_in_any_order(&with_checks, &as_sent) {
                return Ok(None);
            }
            if let Some(text) = self
                .checks_in_copy_order(query, &found, &check_columns, &json, quote, &as_sent)
                .await?
            {
                return Ok(Some(ColumnsView {
                    text,
                    shape,
                    column: name,
                }));
            }
            if with_checks.len() > 1 {
                return Err(refuse(
                    "a result of several rows that the added check rows change (the server lists them in its own table order, which squeeze cannot reproduce)",
                ));
            }
        }
        Ok(Some(ColumnsView {
            text,
            shape,
            column: name,
        }))
    }

    /// The statement with `CHECK_CONSTRAINTS` listing its rows in an
    /// uncompressed copy's order (`constraints_view::ordered_check_constraints`),
    /// when that order is certain: the result is the same with the tables
    /// walked either way (rows of one table, or an order of the
    /// statement's own) and it keeps the server's rows in the order the
    /// server gave them (`as_sent`).
    /// Django's introspection of a table with a JSON column is this.
    async fn checks_in_copy_order(
        &mut self,
        query: &Query<'_>,
        found: &[(&'static str, columns_view::Found)],
        columns: &[String],
        json: &[(Vec<u8>, Vec<u8>, Vec<u8>)],
        quote: u8,
        as_sent: &crate::backend::query::Rows,
    ) -> Result<Option<Vec<u8>>, NotSent> {
        use constraints_view::TableOrder;
        let [(view, reference)] = found else {
            return Ok(None);
        };
        if *view != "CHECK_CONSTRAINTS" || reference.references() != 1 {
            return Ok(None);
        }
        let mut texts = Vec::new();
        for order in [TableOrder::Ascending, TableOrder::Descending] {
            let Some(derived) =
                constraints_view::ordered_check_constraints(columns, json, quote, order)
            else {
                return Ok(None);
            };
            texts.push(columns_view::substitute_each(
                query.text,
                &[(reference, derived.as_str())],
            ));
        }
        let mut results = Vec::new();
        for text in &texts {
            let Ok(sql) = std::str::from_utf8(text) else {
                return Ok(None);
            };
            match self.compared_query(sql).await {
                Ok(rows) => results.push(rows),
                Err(_) => return Ok(None),
            }
        }
        let exact = results[0] == results[1] && keeps_order_of(&results[0], as_sent);
        Ok(exact.then(|| texts.swap_remove(0)))
    }

    /// `(schema, table, column)` of every blob column the server has that
    /// holds squeeze values: configured columns and view columns passing
    /// one through, as the server spells their names.
    async fn compressed_blobs(&mut self) -> Result<Vec<(Vec<u8>, Vec<u8>, Vec<u8>)>, NotSent> {
        let dependents = self.ctx.schema.dependents();
        let tables: Vec<String> = self
            .ctx
            .rules
            .all()
            .map(|r| r.table.clone())
            .chain(dependents.view_names().map(|(_, v)| v.to_string()))
            .collect();
        let sql = columns_view::candidates_query(tables.iter().map(String::as_str));
        let rows = self.internal_query(&sql).await?;
        Ok(rows
            .into_iter()
            .filter_map(|r| {
                let mut it = r.into_iter();
                let (Some(Some(d)), Some(Some(t)), Some(Some(c))) =
                    (it.next(), it.next(), it.next())
                else {
                    return None;
                };
                let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
                self.carries_compressed(&text(&d), &text(&t), &text(&c))
                    .then_some((d, t, c))
            })
            .collect())
    }

    /// information_schema.COLUMNS's own columns, in order, as this server
    /// has them.
    async fn information_schema_columns(&mut self) -> Result<Vec<String>, NotSent> {
        self.view_columns("COLUMNS").await
    }

    /// An information_schema view's own columns, in order, as this server
    /// has them.
    async fn view_columns(&mut self, view: &str) -> Result<Vec<String>, NotSent> {
        let rows = self
            .internal_query(&format!(
                "SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'information_schema' AND TABLE_NAME = '{view}' ORDER BY ORDINAL_POSITION",
            ))
            .await?;
        let names: Vec<String> = rows
            .into_iter()
            .filter_map(|r| r.into_iter().next().flatten())
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .collect();
        if names.is_empty() {
            return Err(NotSent::Backend(SqlError::not_supported(
                "information_schema.COLUMNS on a server that does not list its own columns",
            )));
        }
        Ok(names)
    }

    /// A run of the client's statement (or its rewrite) whose rows are
    /// compared with another run's: on squeeze's own connection (the
    /// statement reads the previous statement's counts) each run follows
    /// the same `SELECT 1`, so the counts it reads are the same in all.
    async fn compared_query(&mut self, sql: &str) -> Result<crate::backend::query::Rows, NotSent> {
        if self.aside.is_some() {
            self.internal_query("SELECT 1").await?;
        }
        self.internal_query(sql).await
    }

    /// One of squeeze's own catalog reads, on the connection
    /// `metadata_conn` picks (squeeze's own while the statement reads the
    /// previous statement's counts).
    async fn internal_query(&mut self, sql: &str) -> Result<crate::backend::query::Rows, NotSent> {
        let backend = self.metadata_conn().await.map_err(NotSent::Backend)?;
        simple_query(&mut backend.conn, backend.capabilities, sql)
            .await
            .map_err(|e| match e {
                QueryError::Server(e) => NotSent::Backend(e.into()),
                QueryError::Net(why) => NotSent::Backend(SqlError::not_supported(&format!(
                    "reading information_schema.COLUMNS: {why}"
                ))),
            })
    }

    /// The rewritten statement's result has another number of columns than
    /// the statement as sent (it cannot: the derived table has the
    /// table's columns): ERR instead of a result described wrongly.
    pub(super) async fn described_differently(
        &mut self,
        cx: &mut super::command_cx::CommandCx,
        columns: usize,
    ) -> Result<(), RelayError> {
        let deprecate_eof = self.deprecate_eof();
        let backend = self.shards.conn()?;
        for _ in 0..columns + usize::from(!deprecate_eof) {
            backend.conn.read_packet().await?;
        }
        let err = SqlError::not_supported(
            "this information_schema.COLUMNS query: rewritten to compute the compressed columns' logical type, it returned other columns than the statement as sent",
        );
        let _ = self.fail(SessionError::new(ErrorSource::Backend, err));
        cx.ended.ok = false;
        self.discard_rest_after_err().await
    }

    /// Run `text` (the statement as the client sent it) for the column
    /// definitions the server gives its result, dropping its rows. `Ok(None)`:
    /// it returned no result set. `Err(Ok(err))`: the server's ERR for it
    /// (the client's answer); `Err(Err(_))`: the backend failed.
    /// On squeeze's own connection when the statement reads the previous
    /// statement's counts (the run would replace them).
    pub(super) async fn described_as_sent(
        &mut self,
        text: &[u8],
    ) -> Result<Option<Vec<Vec<u8>>>, Probe> {
        self.keep_counts_for(text);
        let described = self
            .described_run(&ClientCommand::Query(text).encode())
            .await;
        self.close_aside().await;
        described
    }

    /// An execute of the statement as sent (`probe`, its server id) with
    /// the parameters of `execute` (a COM_STMT_EXECUTE payload), without a
    /// cursor: the column definitions of its result, as
    /// [`Self::described_as_sent`]. `None` also when the server left them
    /// out (the client's metadata cache).
    pub(super) async fn described_execute(
        &mut self,
        execute: &[u8],
        probe: u32,
    ) -> Result<Option<Vec<Vec<u8>>>, Probe> {
        let mut payload = execute.to_vec();
        if payload.len() < 6 {
            return Ok(None);
        }
        payload[1..5].copy_from_slice(&probe.to_le_bytes());
        payload[5] = 0;
        self.described_run(&payload).await
    }

    async fn described_run(&mut self, command: &[u8]) -> Result<Option<Vec<Vec<u8>>>, Probe> {
        let deprecate_eof = self.deprecate_eof();
        let cache = self.info.ext_capabilities & MARIADB_CLIENT_CACHE_METADATA != 0;
        let backend = self
            .metadata_conn()
            .await
            .map_err(|e| Ok(e.to_packet().encode()))?;
        let net = |e: crate::net::NetError| Err(RelayError::from(e));
        backend.conn.begin_command();
        backend.conn.write_packet(command);
        backend.conn.flush().await.map_err(net)?;
        let first = backend.conn.read_packet().await.map_err(net)?;
        if response::is_err(&first.payload) {
            return Err(Ok(first.payload.to_vec()));
        }
        if response::is_ok(&first.payload) {
            return Ok(None);
        }
        let columns = super::abort::column_defs_following(&first.payload, cache).map_err(|e| {
            Err(RelayError::Backend(BackendFault::Unreadable {
                context: None,
                error: e,
            }))
        })?;
        let mut defs = Vec::with_capacity(columns.min(4096));
        for _ in 0..columns {
            defs.push(
                backend
                    .conn
                    .read_packet()
                    .await
                    .map_err(net)?
                    .payload
                    .to_vec(),
            );
        }
        if !deprecate_eof {
            backend.conn.read_packet().await.map_err(net)?;
        }
        loop {
            let p = backend.conn.read_packet().await.map_err(net)?;
            if response::is_err(&p.payload) {
                return Err(Ok(p.payload.to_vec()));
            }
            if response::is_eof(&p.payload) {
                let status = response::terminator_status(&p.payload).unwrap_or(0);
                if response::more_results(status) {
                    // One statement, one result: anything else is not a
                    // SELECT squeeze describes.
                    return Err(Err(RelayError::Backend(BackendFault::Unexpected(
                        "squeeze: a statement described for information_schema.COLUMNS returned several results",
                    ))));
                }
                return Ok((columns > 0).then_some(defs));
            }
        }
    }

    /// Prepare `text` (the statement as the client sent it): the column
    /// definitions the server gives it, and its id, kept for the executes'
    /// descriptions (`described_execute`). Errors as
    /// [`Self::described_as_sent`].
    pub(super) async fn described_prepared(
        &mut self,
        text: &[u8],
    ) -> Result<(Vec<Vec<u8>>, u32), Probe> {
        let deprecate_eof = self.deprecate_eof();
        let backend = self.shards.conn().map_err(|e| Err(e.into()))?;
        let net = |e: crate::net::NetError| Err(RelayError::from(e));
        backend.conn.begin_command();
        backend
            .conn
            .write_packet(&ClientCommand::Prepare(text).encode());
        backend.conn.flush().await.map_err(net)?;
        let first = backend.conn.read_packet().await.map_err(net)?;
        if response::is_err(&first.payload) {
            return Err(Ok(first.payload.to_vec()));
        }
        let ok = crate::protocol::execute::PrepareOk::parse(&first.payload).map_err(|e| {
            Err(RelayError::Backend(BackendFault::unreadable(
                "bad prepare response",
                e,
            )))
        })?;
        for _ in 0..ok.params {
            backend.conn.read_packet().await.map_err(net)?;
        }
        if ok.params > 0 && !deprecate_eof {
            backend.conn.read_packet().await.map_err(net)?;
        }
        let mut defs = Vec::with_capacity(ok.columns as usize);
        for _ in 0..ok.columns {
            defs.push(
                backend
                    .conn
                    .read_packet()
                    .await
                    .map_err(net)?
                    .payload
                    .to_vec(),
            );
        }
        if ok.columns > 0 && !deprecate_eof {
            backend.conn.read_packet().await.map_err(net)?;
        }
        Ok((defs, ok.stmt))
    }

    /// Close the server statement `id` (no response).
    pub(super) async fn close_probe(&mut self, id: u32) {
        if let Ok(backend) = self.shards.conn() {
            backend.conn.begin_command();
            backend
                .conn
                .write_packet(&ClientCommand::Close(id).encode());
            let _ = backend.conn.flush().await;
        }
    }

    /// A probe's failure: the server's ERR for the statement as sent
    /// (relayed), or the backend's loss. The command's flow.
    pub(super) async fn probe_failed(
        &mut self,
        cx: &mut super::command_cx::CommandCx,
        e: Result<Vec<u8>, RelayError>,
        shape: super::relay::ResponseShape,
    ) -> super::Flow {
        match e {
            Ok(err) => {
                self.note_status(cx, &err);
                if self.forward(&err).await.is_err() {
                    return super::Flow::Close;
                }
                super::Flow::Continue
            }
            Err(RelayError::Backend(why)) => self.backend_failed(cx.leaves, &why, shape),
            Err(_) => {
                self.drop_backend();
                super::Flow::Close
            }
        }
    }
}

/// A probe's failure (`probe_failed`).
pub(super) type Probe = Result<Vec<u8>, RelayError>;

/// Whether two results hold the same rows, counted with repeats, in any
/// order.
/// `part`'s rows appear in `whole` in the same order (a subsequence).
fn keeps_order_of(whole: &crate::backend::query::Rows, part: &crate::backend::query::Rows) -> bool {
    let mut rest = whole.iter();
    part.iter().all(|row| rest.any(|r| r == row))
}

fn same_rows_in_any_order(
    a: &crate::backend::query::Rows,
    b: &crate::backend::query::Rows,
) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let (mut a, mut b) = (a.clone(), b.clone());
    a.sort();
    b.sort();
    a == b
}

#[cfg(test)]
mod tests {
    use super::same_rows_in_any_order;

    #[test]
    fn rows_are_the_same_in_any_order_with_repeats_counted() {
        let r = |v: &[&str]| -> crate::backend::query::Rows {
            v.iter()
                .map(|s| vec![Some(s.as_bytes().to_vec()), None])
                .collect()
        };
        assert!(same_rows_in_any_order(
            &r(&["a", "b", "a"]),
            &r(&["b", "a", "a"])
        ));
        assert!(!same_rows_in_any_order(
            &r(&["a", "b", "b"]),
            &r(&["b", "a", "a"])
        ));
        assert!(!same_rows_in_any_order(&r(&["a"]), &r(&["a", "a"])));
    }
}
