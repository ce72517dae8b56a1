//! `squeeze dict ...` (placeholder until the codec work lands).
#[derive(clap::Subcommand, Debug)]
pub enum DictCommand {}

pub fn run(cmd: DictCommand) -> anyhow::Result<()> {
    match cmd {}
}
