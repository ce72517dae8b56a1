//! One file per client command squeeze does more for than relay it: each
//! `impl Session` block here is that command's whole handler.

mod bulk_execute;
mod change_user;
mod close;
mod execute;
mod fetch;
mod init_db;
mod kill;
mod long_data;
mod prepare;
mod query;
mod reset;
mod reset_connection;
