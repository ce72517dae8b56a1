use super::*;
use crate::sql::statement::split;

fn units(sql: &str) -> Vec<(usize, usize, Ends)> {
    units_with(sql, &|_| Ends::Unknown)
}

fn units_with(sql: &str, prepared: &dyn Fn(&str) -> Ends) -> Vec<(usize, usize, Ends)> {
    let stmts = split(sql.as_bytes(), LexOptions::default());
    result_units(sql.as_bytes(), &stmts, prepared)
        .into_iter()
        .map(|u| (u.first, u.last, u.ends))
        .collect()
}

#[test]
fn a_compound_statement_is_one_unit_that_ends_at_its_ok_whatever_it_selects() {
    use Ends::*;
    assert_eq!(
        units("BEGIN NOT ATOMIC INSERT INTO t VALUES (1); END; SELECT 1"),
        [(0, 1, AtOk), (2, 2, One)]
    );
    assert_eq!(
        units("UPDATE t SET a = 1; BEGIN NOT ATOMIC SELECT 1; SELECT 2; SELECT 3; END; SELECT doc FROM docs"),
        [(0, 0, One), (1, 4, AtOk), (5, 5, One)]
    );
    assert_eq!(
        units("lbl: BEGIN NOT ATOMIC IF 1 THEN SELECT 1; END IF; END lbl; SELECT 2"),
        [(0, 2, AtOk), (3, 3, One)]
    );
    assert_eq!(
        units("IF 1 THEN SELECT 1; SELECT 2; END IF; SELECT 3"),
        [(0, 2, AtOk), (3, 3, One)]
    );
    assert_eq!(
        units("CREATE PROCEDURE p() BEGIN SELECT 1; END; CALL p(); SELECT 2;"),
        [(0, 1, AtOk), (2, 2, AtOk), (3, 3, One)]
    );
}

#[test]
fn execute_ends_as_the_statement_it_runs_and_unseen_ones_are_unknown() {
    use Ends::*;
    assert_eq!(
        units("PREPARE s FROM 'SELECT 1'; EXECUTE s; PREPARE c FROM 'CALL p()'; EXECUTE c; EXECUTE other; SELECT 1"),
        [(0, 0, One), (1, 1, One), (2, 2, One), (3, 3, AtOk), (4, 4, Unknown), (5, 5, One)]
    );
    assert_eq!(
        units_with(
            "EXECUTE s; DEALLOCATE PREPARE s; EXECUTE s",
            &|n| if n == "s" { One } else { Unknown }
        ),
        [(0, 0, One), (1, 1, One), (2, 2, Unknown)]
    );
    assert_eq!(
        units("EXECUTE IMMEDIATE 'SELECT 1'; EXECUTE IMMEDIATE 'CALL p(1)'; EXECUTE IMMEDIATE @q; SET STATEMENT max_statement_time = 1 FOR CALL p()"),
        [(0, 0, One), (1, 1, AtOk), (2, 2, Unknown), (3, 3, AtOk)]
    );
    assert_eq!(units("PREPARE s FROM @q; EXECUTE s")[1].2, Unknown);
}

#[test]
fn trailing_empty_pieces_get_no_unit() {
    assert_eq!(units("SELECT 1;  ").len(), 1);
    assert_eq!(units("SELECT 1; /* c */").len(), 1);
}

fn cursor(sql: &str) -> ResultCursor {
    let stmts = split(sql.as_bytes(), LexOptions::default());
    ResultCursor::new(result_units(sql.as_bytes(), &stmts, &|_| Ends::Unknown).into())
}

#[test]
fn results_inside_a_block_are_its_selects_inside_a_call_nobody_s_and_the_next_statement_gets_its_own(
) {
    // OK(update), rows+OK(block with two SELECTs), rows(select).
    let mut c = cursor(
        "UPDATE t SET a = 1; BEGIN NOT ATOMIC SELECT 1; SELECT 2; END; SELECT doc FROM docs",
    );
    assert_eq!(c.next(true), Some(0));
    assert_eq!(c.next(false), Some(1));
    assert_eq!(c.next(false), Some(2));
    assert_eq!(c.next(true), None);
    assert_eq!(c.next(false), Some(4));
    // A block that selects nothing: only its OK.
    let mut c = cursor("BEGIN NOT ATOMIC INSERT INTO t VALUES (1); END; SELECT doc FROM docs");
    assert_eq!(c.next(true), None);
    assert_eq!(c.next(false), Some(2));
    let mut c = cursor("CALL p(); CALL p(); SELECT doc FROM docs");
    for ok in [false, false, true, true] {
        assert_eq!(c.next(ok), None);
    }
    assert_eq!(c.next(false), Some(2));
}

#[test]
fn after_an_execute_squeeze_did_not_see_prepared_nothing_is_attributed() {
    let mut c = cursor("EXECUTE s; SELECT doc FROM docs");
    assert_eq!(c.next(false), Some(0));
    assert_eq!(c.next(false), None);
    assert_eq!(c.ran(0), None);
    assert_eq!(c.ran(1), None);
}

#[test]
fn which_pieces_ran_when_a_command_ends_early() {
    // The block failed after one result set: it may have run in part.
    let mut c =
        cursor("SELECT 1; BEGIN NOT ATOMIC SELECT 1; INSERT INTO t VALUES (1); END; SELECT 2");
    c.next(false);
    c.next(false);
    assert_eq!(c.ran(0), Some(true));
    assert_eq!(c.ran(1), None);
    assert_eq!(c.ran(3), None);
    assert_eq!(c.ran(4), Some(false));
    // A plain statement that failed did not run.
    let mut c = cursor("SELECT 1; INSERT INTO t VALUES (1); SELECT 2");
    c.next(false);
    assert_eq!(c.ran(0), Some(true));
    assert_eq!(c.ran(1), Some(false));
    assert_eq!(c.ran(2), Some(false));
}

#[test]
fn a_straight_line_block_s_result_sets_are_its_selects_and_returnings_in_order() {
    let sql = "SELECT 1; BEGIN NOT ATOMIC SELECT doc FROM docs; INSERT INTO t VALUES (1); DELETE FROM t RETURNING a; UPDATE t SET a = 2; SELECT 2; END; SELECT 3";
    let stmts = split(sql.as_bytes(), LexOptions::default());
    assert_eq!(
        block_result_pieces(sql.as_bytes(), &stmts, 1, 6),
        Some(vec![1, 3, 5])
    );
    let mut c = cursor(sql);
    assert_eq!(c.next(false), Some(0));
    assert_eq!(c.next(false), Some(1));
    assert_eq!(c.next(false), Some(3));
    assert_eq!(c.next(false), Some(5));
    assert_eq!(c.next(true), None);
    assert_eq!(c.next(false), Some(7));
    // Blocks whose result sets squeeze cannot tell apart.
    for sql in [
        "BEGIN NOT ATOMIC SELECT 1 INTO @a; SELECT doc FROM docs; END",
        "BEGIN NOT ATOMIC CALL p(); SELECT doc FROM docs; END",
        "BEGIN NOT ATOMIC IF 1 THEN SELECT 1; END IF; SELECT doc FROM docs; END",
        "BEGIN NOT ATOMIC DECLARE v INT; SELECT doc FROM docs; END",
        "BEGIN NOT ATOMIC EXECUTE IMMEDIATE 'SELECT 1'; SELECT doc FROM docs; END",
        "BEGIN NOT ATOMIC SHOW TABLES; SELECT doc FROM docs; END",
        "IF 1 THEN SELECT doc FROM docs; END IF",
    ] {
        let stmts = split(sql.as_bytes(), LexOptions::default());
        let last = stmts.len() - 1;
        assert_eq!(
            block_result_pieces(sql.as_bytes(), &stmts, 0, last),
            None,
            "{sql}"
        );
    }
}
