//! The `squeeze` command line.

// Sessions allocate small, short-lived buffers per packet on every worker
// thread; mimalloc's thread-local free lists make that cheaper than glibc's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::io::IsTerminal;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use squeeze::config::{BackendConfig, ColumnConfig, Config, LogFormat, ProxyTlsConfig, UserConfig};

#[derive(Parser, Debug)]
#[command(
    name = "squeeze",
    version = concat!(env!("CARGO_PKG_VERSION"), " (commit ", env!("SQUEEZE_GIT_COMMIT"), ")"),
    about = "Transparent MySQL proxy that stores JSON columns dictionary-compressed"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Run the proxy.
    Serve(ServeArgs),
    /// Validate a configuration file with the checks `serve` runs at
    /// startup and explain every problem (key path and cause).
    CheckConfig(squeeze::cli::check_config::CheckConfigArgs),
    /// Print the stored hash of a password for `password_hash` (reads the
    /// password from stdin, so it never appears in shell history).
    HashPassword,
    /// Train, evaluate and list compression dictionaries.
    #[command(subcommand)]
    Dict(squeeze::cli::dict::DictCommand),
    /// squeeze's in-server functions on the shards: install, status, remove.
    #[command(subcommand)]
    Udf(squeeze::cli::udf::UdfCommand),
    /// Decode a stored value: header fields, then the document.
    Inspect(squeeze::cli::inspect::InspectArgs),
    /// Compress a column's existing plain rows in place, online (batches
    /// over the primary key, compare-and-set writes, throttled, resumable).
    Backfill(squeeze::jobs::JobArgs),
    /// Re-encode a column's rows with its current dictionary and a higher
    /// level, online, like backfill.
    Compact(squeeze::jobs::JobArgs),
    /// Inflate a column's rows back to plain JSON in place (the way out).
    Restore(squeeze::jobs::JobArgs),
    /// Show a running squeeze's sessions, backends, columns, dictionaries
    /// or configuration as tables, or reload it (its admin endpoint).
    Ctl(squeeze::cli::ctl::CtlArgs),
    /// Print a shell completion script, e.g.
    /// `squeeze completions bash > /etc/bash_completion.d/squeeze`.
    Completions {
        /// bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), e.g. `squeeze man > /usr/local/share/man/man1/squeeze.1`.
    Man,
}

#[derive(clap::Args, Debug, Clone)]
struct ServeArgs {
    /// TOML configuration file (see proxy-config/squeeze.example.toml).
    #[arg(long)]
    config: Option<PathBuf>,
    /// Address to listen on (overrides proxy.listen).
    #[arg(long)]
    listen: Option<SocketAddr>,
    /// Unix socket path to listen on as well (overrides proxy.socket).
    #[arg(long)]
    socket: Option<PathBuf>,
    /// Backend host:port (quick start without a file).
    #[arg(long)]
    backend: Option<String>,
    /// A client account (repeatable; quick start): NAME takes the password
    /// from the environment variable SQUEEZE_PASSWORD_<NAME> (upper case,
    /// other characters as `_`); NAME:PASSWORD also works, and squeeze
    /// overwrites the password in its command line (/proc/PID/cmdline) at
    /// start, but it is visible until then and in shell history.
    #[arg(long = "user", value_name = "NAME[:PASSWORD]")]
    users: Vec<String>,
    /// PEM certificate for client TLS.
    #[arg(long, requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// PEM private key for client TLS.
    #[arg(long, requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// Admin HTTP address for /metrics, /healthz, /readyz.
    #[arg(long)]
    admin: Option<SocketAddr>,
    /// Log as JSON lines.
    #[arg(long)]
    log_json: bool,
    /// Directory with dictionaries and manifest.toml (overrides codec.dictionaries_dir).
    #[arg(long)]
    dictionaries: Option<PathBuf>,
    /// Store DB.TABLE.COLUMN compressed (zstd), optionally with the newest
    /// dictionary of that name: DB.TABLE.COLUMN=DICTIONARY (repeatable).
    #[arg(long = "compress", value_name = "DB.TABLE.COLUMN[=DICTIONARY]")]
    compress: Vec<String>,
    /// Bytes all sessions may hold in large buffers (overrides
    /// limits.memory_budget; default a quarter of RAM, 256 MiB..4 GiB).
    #[arg(long, value_name = "BYTES")]
    memory_budget: Option<usize>,
    /// Largest packet accepted from either side (overrides proxy.max_packet_size).
    #[arg(long, value_name = "BYTES")]
    max_packet_size: Option<usize>,
}

fn build_config(args: &ServeArgs) -> Result<Config, String> {
    let mut cfg = match &args.config {
        Some(path) => Config::load(path)?,
        None => Config::default(),
    };
    if let Some(l) = args.listen {
        cfg.proxy.listen = l;
    }
    if let Some(s) = &args.socket {
        cfg.proxy.socket = Some(s.clone());
    }
    if let Some(b) = &args.backend {
        cfg.backend = Some(BackendConfig::quick(b.clone()));
    }
    for u in &args.users {
        let (name, password, password_env) = match u.split_once(':') {
            Some((name, password)) => (name, Some(password.to_string()), None),
            None => (u.as_str(), None, Some(user_password_env(u))),
        };
        if name.is_empty() {
            return Err("--user: expected NAME or NAME:PASSWORD".into());
        }
        cfg.users.retain(|x| x.name != name);
        cfg.users.push(UserConfig {
            name: name.to_string(),
            password,
            password_env,
            password_file: None,
            password_hash: None,
            backend_user: None,
            backend_password: None,
        });
    }
    if let (Some(cert), Some(key)) = (&args.tls_cert, &args.tls_key) {
        cfg.proxy.tls = Some(ProxyTlsConfig {
            cert: cert.clone(),
            key: key.clone(),
            require: false,
        });
    }
    if let Some(a) = args.admin {
        cfg.admin.listen = Some(a);
    }
    if args.log_json {
        cfg.log.format = LogFormat::Json;
    }
    if let Some(d) = &args.dictionaries {
        cfg.codec.dictionaries_dir = d.clone();
    }
    if let Some(b) = args.memory_budget {
        cfg.limits.memory_budget = Some(b);
    }
    if let Some(m) = args.max_packet_size {
        cfg.proxy.max_packet_size = Some(m);
    }
    for spec in &args.compress {
        cfg.columns.push(parse_compress_flag(spec)?);
    }
    Ok(cfg)
}

/// The variable `--user NAME` reads the password from:
/// `SQUEEZE_PASSWORD_<NAME>`, upper case, other characters as `_`.
fn user_password_env(name: &str) -> String {
    let suffix: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect();
    format!("SQUEEZE_PASSWORD_{suffix}")
}

/// Overwrites the PASSWORD of `--user NAME:PASSWORD` in the process's own
/// argument memory, which is what `/proc/PID/cmdline` and `ps` show.
/// glibc hands `.init_array` functions the real `argv` (as it does to
/// Rust's std), which is the only way to reach it.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod argv_scrub {
    use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

    static ARGC: AtomicUsize = AtomicUsize::new(0);
    static ARGV: AtomicPtr<*mut libc::c_char> = AtomicPtr::new(std::ptr::null_mut());

    #[used]
    #[link_section = ".init_array.00098"]
    static INIT: extern "C" fn(libc::c_int, *mut *mut libc::c_char, *mut *mut libc::c_char) = init;

    extern "C" fn init(
        argc: libc::c_int,
        argv: *mut *mut libc::c_char,
        _env: *mut *mut libc::c_char,
    ) {
        ARGC.store(usize::try_from(argc).unwrap_or(0), Ordering::Relaxed);
        ARGV.store(argv, Ordering::Relaxed);
    }

    pub fn scrub_user_passwords() {
        let argv = ARGV.load(Ordering::Relaxed);
        if argv.is_null() {
            return;
        }
        let mut after_flag = false;
        for i in 0..ARGC.load(Ordering::Relaxed) {
            // SAFETY: argv holds argc valid NUL-terminated strings, owned
            // by the process for its lifetime; bytes are only overwritten
            // within each string's length.
            unsafe {
                let p = *argv.add(i);
                if p.is_null() {
                    break;
                }
                let bytes = std::ffi::CStr::from_ptr(p).to_bytes();
                let len = bytes.len();
                let value_at = if after_flag {
                    Some(0)
                } else if bytes.starts_with(b"--user=") {
                    Some(7)
                } else {
                    None
                };
                after_flag = bytes == b"--user";
                let Some(at) = value_at else { continue };
                let Some(colon) = bytes[at..].iter().position(|&b| b == b':') else {
                    continue;
                };
                for k in at + colon + 1..len {
                    *p.add(k) = b'x' as libc::c_char;
                }
            }
        }
    }
}

/// `DB.TABLE.COLUMN[=DICTIONARY]` from `--compress`.
fn parse_compress_flag(spec: &str) -> Result<ColumnConfig, String> {
    let (path, dictionary) = match spec.split_once('=') {
        Some((p, d)) => (p, Some(d.to_string())),
        None => (spec, None),
    };
    let parts: Vec<&str> = path.split('.').collect();
    let [schema, table, column] = parts.as_slice() else {
        return Err(format!(
            "--compress {spec:?}: expected DB.TABLE.COLUMN[=DICTIONARY]"
        ));
    };
    let text = format!("schema = {schema:?}\ntable = {table:?}\ncolumn = {column:?}\n");
    let mut col: ColumnConfig =
        toml::from_str(&text).map_err(|e| format!("--compress {spec:?}: {e}"))?;
    col.dictionary = dictionary;
    Ok(col)
}

fn init_logging(cfg: &Config) {
    let filter = std::env::var("SQUEEZE_LOG").unwrap_or_else(|_| cfg.log.level.clone());
    let filter = tracing_subscriber::EnvFilter::try_new(&filter)
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    match cfg.log.format {
        LogFormat::Json => builder.json().init(),
        LogFormat::Text => builder.with_ansi(std::io::stderr().is_terminal()).init(),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Cmd::Serve(args) => serve(args),
        Cmd::CheckConfig(args) => {
            if squeeze::cli::check_config::run(&args) {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Cmd::HashPassword => hash_password(),
        Cmd::Dict(cmd) => report(squeeze::cli::dict::run(cmd)),
        Cmd::Completions { shell } => {
            clap_complete::generate(
                shell,
                &mut Cli::command(),
                "squeeze",
                &mut std::io::stdout(),
            );
            ExitCode::SUCCESS
        }
        Cmd::Man => man_page(),
        Cmd::Ctl(args) => match squeeze::cli::ctl::run(&args) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::FAILURE,
            Err(e) => {
                eprintln!("squeeze ctl: {e:#}");
                ExitCode::FAILURE
            }
        },
        Cmd::Inspect(args) => report(squeeze::cli::inspect::run(args)),
        Cmd::Udf(cmd) => match squeeze::cli::udf::run(cmd) {
            Ok(true) => ExitCode::SUCCESS,
            Ok(false) => ExitCode::FAILURE,
            Err(e) => {
                eprintln!("squeeze udf: {e:#}");
                ExitCode::FAILURE
            }
        },
        Cmd::Backfill(args) => report(squeeze::jobs::run(
            squeeze::jobs::value::Mode::Backfill,
            args,
        )),
        Cmd::Compact(args) => report(squeeze::jobs::run(
            squeeze::jobs::value::Mode::Compact,
            args,
        )),
        Cmd::Restore(args) => report(squeeze::jobs::run(
            squeeze::jobs::value::Mode::Restore,
            args,
        )),
    }
}

/// `squeeze serve`: run until SIGTERM; SIGHUP (or `POST /reload`) re-reads
/// `--config`.
fn serve(args: ServeArgs) -> ExitCode {
    // clap has copied the arguments: hide passwords from `ps` at once.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    argv_scrub::scrub_user_passwords();
    let cfg = match build_config(&args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("squeeze: {e}");
            return ExitCode::from(2);
        }
    };
    init_logging(&cfg);
    // Accept loop, admin and health probes only; sessions run on `workers`.
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("tokio runtime");
    let reload_args = args.clone();
    let reload: squeeze::server::Reload = Box::new(move || {
        let cfg = build_config(&reload_args).map_err(|e| vec![e])?;
        let issues = cfg.validate();
        if issues.is_empty() {
            Ok(cfg)
        } else {
            Err(issues.iter().map(|i| i.to_string()).collect())
        }
    });
    let reload = args.config.is_some().then_some(reload);
    match rt.block_on(squeeze::server::run(cfg, reload)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("squeeze: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// `squeeze hash-password`: the stored form of the password on stdin.
fn hash_password() -> ExitCode {
    let mut line = String::new();
    if std::io::stdin().read_line(&mut line).is_err() {
        eprintln!("squeeze: could not read the password from stdin");
        return ExitCode::FAILURE;
    }
    let pw = line.trim_end_matches(['\n', '\r']);
    println!(
        "{}",
        squeeze::protocol::auth::PasswordVerifier::from_plaintext(pw.as_bytes()).to_hash_string()
    );
    ExitCode::SUCCESS
}

/// `squeeze man`: the man page (roff) on stdout.
fn man_page() -> ExitCode {
    let mut out = std::io::stdout().lock();
    match clap_mangen::Man::new(Cli::command()).render(&mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("squeeze man: {e}");
            ExitCode::FAILURE
        }
    }
}

fn report(r: anyhow::Result<()>) -> ExitCode {
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("squeeze: {e:#}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn undocumented(cmd: &clap::Command, path: &str, out: &mut Vec<String>) {
        for a in cmd.get_arguments() {
            let id = a.get_id().as_str();
            if id != "help" && id != "version" && a.get_help().is_none() {
                out.push(format!("{path} {id}"));
            }
        }
        for sub in cmd.get_subcommands() {
            if sub.get_about().is_none() && sub.get_name() != "help" {
                out.push(format!("{path} {}", sub.get_name()));
            }
            undocumented(sub, &format!("{path} {}", sub.get_name()), out);
        }
    }

    #[test]
    fn every_flag_and_subcommand_has_help_text() {
        let mut missing = Vec::new();
        undocumented(&Cli::command(), "squeeze", &mut missing);
        assert!(missing.is_empty(), "no help text: {missing:?}");
    }

    #[test]
    fn version_includes_the_commit() {
        let v = Cli::command().get_version().unwrap_or_default().to_string();
        assert!(v.contains("(commit "), "{v}");
    }
}
