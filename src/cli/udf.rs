//! `squeeze udf install|status|remove`: squeeze's in-server functions on
//! every shard of a configuration (`in_server`).
use std::path::PathBuf;

use anyhow::Context;

use crate::config::Config;
use crate::in_server::{install, watch};
use crate::meta::store;

#[derive(clap::Subcommand, Debug)]
pub enum UdfCommand {
    /// On each shard: put the library and the dictionaries where the server
    /// loads them (when it runs on this host), create the functions and
    /// check them; for a server on another host, stage the files and print
    /// what to copy where and the SQL to run.
    Install(InstallArgs),
    /// Report per shard whether the functions are present and match this
    /// build and its dictionaries (exit status 1 unless every shard is ready).
    Status(ConfigArg),
    /// Drop the functions on each shard (and remove the files on this host).
    Remove(ConfigArg),
}

#[derive(clap::Args, Debug)]
pub struct ConfigArg {
    /// squeeze configuration file (its shards, account and dictionaries).
    #[arg(long, value_name = "FILE")]
    pub config: PathBuf,
}

#[derive(clap::Args, Debug)]
pub struct InstallArgs {
    #[command(flatten)]
    pub config: ConfigArg,
    /// The library to install (default: libsqueeze_udf.so next to this
    /// squeeze executable).
    #[arg(long, value_name = "PATH")]
    pub library: Option<PathBuf>,
    /// Where the files of shards on other hosts are staged, one directory
    /// per shard (default: ./squeeze-udf-stage).
    #[arg(long, value_name = "DIR", default_value = "squeeze-udf-stage")]
    pub stage: PathBuf,
}

/// Runs the command; `Ok(false)` when a shard is not ready.
pub fn run(cmd: UdfCommand) -> anyhow::Result<bool> {
    match cmd {
        UdfCommand::Install(a) => install_all(a),
        UdfCommand::Status(a) => status(&a),
        UdfCommand::Remove(a) => remove(&a),
    }
}

fn load(a: &ConfigArg) -> anyhow::Result<Config> {
    Config::load(&a.config).map_err(|e| anyhow::anyhow!("{}: {e}", a.config.display()))
}

fn install_all(a: InstallArgs) -> anyhow::Result<bool> {
    let cfg = load(&a.config)?;
    let library_path = a
        .library
        .clone()
        .or_else(install::default_library)
        .context(
            "no in-server library: build it (`cargo build -p squeeze-udf`) or give --library PATH",
        )?;
    let library = std::fs::read(&library_path)
        .with_context(|| format!("reading {}", library_path.display()))?;
    let targets = store::targets(&cfg)?;
    crate::fleet::runtime()?.block_on(async {
        let mut conns = store::connect_all(&targets).await?;
        let dicts = install::dictionaries(&cfg, &mut conns).await?;
        let mut all_ready = true;
        for (t, c) in targets.iter().zip(conns.iter_mut()) {
            let done =
                install::install_shard(t, c, &library, &dicts, cfg.codec.max_value_size, &a.stage)
                    .await;
            println!("shard {}: {}", done.shard, done.state.describe());
            if let Some(i) = &done.instructions {
                println!("{i}");
            }
            all_ready &= done.state.is_ready();
        }
        Ok(all_ready)
    })
}

fn status(a: &ConfigArg) -> anyhow::Result<bool> {
    let cfg = load(a)?;
    let targets = store::targets(&cfg)?;
    crate::fleet::runtime()?.block_on(async {
        let mut conns = store::connect_all(&targets).await?;
        let dicts = install::dictionaries(&cfg, &mut conns).await?;
        let expected = dicts
            .iter()
            .map(|(id, d)| (*id, d.sha256.to_ascii_lowercase()))
            .collect();
        let mut all_ready = true;
        for c in conns.iter_mut() {
            let state = watch::probe(c, &expected).await;
            println!("shard {} ({}): {}", c.name, c.address, state.describe());
            all_ready &= state.is_ready();
        }
        Ok(all_ready)
    })
}

fn remove(a: &ConfigArg) -> anyhow::Result<bool> {
    let cfg = load(a)?;
    let targets = store::targets(&cfg)?;
    crate::fleet::runtime()?.block_on(async {
        let mut conns = store::connect_all(&targets).await?;
        let mut ok = true;
        for c in conns.iter_mut() {
            match install::remove_shard(c).await {
                Ok(line) => println!("{line}"),
                Err(e) => {
                    println!("{e}");
                    ok = false;
                }
            }
        }
        Ok(ok)
    })
}
