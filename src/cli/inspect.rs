//! `squeeze inspect` (placeholder until the codec work lands).
#[derive(clap::Args, Debug)]
pub struct InspectArgs {}

pub fn run(_args: InspectArgs) -> anyhow::Result<()> {
    anyhow::bail!("not implemented yet")
}
