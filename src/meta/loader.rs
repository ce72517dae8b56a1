//! The proxy's side of the dictionary store: at start, create the
//! metadata schema where missing, publish the directory's dictionaries
//! under their own ids and load every dictionary of every shard; then poll
//! for new ones every `codec.dictionary_poll_secs`, and fetch an unknown id
//! on demand (the registry's `fetch_missing`) so a row written by another squeeze
//! with a dictionary published a moment ago reads without waiting for the
//! poll.
//!
//! Nothing here is fatal: a shard that cannot be reached, or an account
//! without the grant, leaves squeeze working from its directory (warning,
//! `squeeze_dictionary_store_up{shard} 0`), and the poll keeps trying.
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use super::schema::{codes, StoredDictionary};
use super::store::{self, IdPolicy, Published, ShardConn, ShardTarget};
use crate::codec::registry::{add_stored, set_miss_fetch, stored_ids};
use crate::codec::DictionaryRegistry;
use crate::config::Config;
use crate::metrics::adopt;

/// A request from a session thread: fetch this id, then signal.
type Want = (u32, tokio::sync::oneshot::Sender<()>);

pub struct Loader {
    targets: Vec<ShardTarget>,
    db: String,
    poll: Duration,
    /// One connection per shard, reopened after an error.
    conns: tokio::sync::Mutex<Vec<Option<ShardConn>>>,
    /// Columns whose use could not be recorded (warned once each).
    warned: Mutex<std::collections::HashSet<String>>,
    /// `codec.max_dictionary_size`.
    max_size: u64,
    /// The local pin file.
    pin_path: std::path::PathBuf,
    /// Each shard's store identity (its key in the pin file), once known.
    identities: Mutex<Vec<Option<String>>>,
    /// Dictionary names and `schema.table.column` labels of the configured
    /// columns: the only ones a new id of the store is accepted for.
    configured: Mutex<(Vec<String>, Vec<String>)>,
    /// Ids refused for good (too large, changed bytes): not read again.
    refused: Mutex<std::collections::HashSet<u32>>,
}

/// Most time startup waits for the store before serving from the directory.
const START_BUDGET: Duration = Duration::from_secs(10);
/// Longest a session thread waits for an unknown id to be fetched.
const MISS_WAIT: Duration = Duration::from_secs(3);

impl Loader {
    /// Loads the store before the first client (bounded), or `None` when
    /// the store is switched off or no account can reach it.
    pub async fn start(cfg: &Config) -> Option<Arc<Loader>> {
        if !cfg.codec.dictionary_store {
            return None;
        }
        let targets = match store::targets(cfg) {
            Ok(t) => t,
            Err(e) => {
                tracing::warn!(error = %e, "dictionary store off: working from the dictionaries directory only");
                return None;
            }
        };
        let n_targets = targets.len();
        let loader = Arc::new(Loader {
            conns: tokio::sync::Mutex::new(targets.iter().map(|_| None).collect()),
            targets,
            db: cfg.codec.metadata_schema.clone(),
            poll: Duration::from_secs(cfg.codec.dictionary_poll_secs.max(1)),
            warned: Mutex::default(),
            max_size: cfg.codec.max_dictionary_size,
            pin_path: cfg.codec.pin_path(),
            identities: Mutex::new(vec![None; n_targets]),
            configured: Mutex::new((
                cfg.columns
                    .iter()
                    .filter_map(|c| c.dictionary.clone())
                    .collect(),
                cfg.columns
                    .iter()
                    .map(|c| format!("{}.{}.{}", c.schema, c.table, c.column))
                    .collect(),
            )),
            refused: Mutex::default(),
        });
        let dir = dir_dictionaries(&cfg.codec.dictionaries_dir);
        if tokio::time::timeout(START_BUDGET, loader.sync_start(&dir))
            .await
            .is_err()
        {
            tracing::warn!(
                schema = %loader.db,
                "the dictionary store did not answer within {} s; serving from the dictionaries directory, the poll keeps trying",
                START_BUDGET.as_secs()
            );
        }
        Some(loader)
    }

    async fn sync_start(&self, dir: &[StoredDictionary]) {
        let mut conns = self.conns.lock().await;
        let opened = futures::future::join_all(self.targets.iter().map(|t| t.connect())).await;
        let mut ready = Vec::new();
        for (i, c) in opened.into_iter().enumerate() {
            let name = &self.targets[i].name;
            let mut c = match c {
                Ok(c) => c,
                Err(e) => {
                    self.down(name, "connect", &e);
                    continue;
                }
            };
            if let Err(e) = store::ensure_schema(&mut c, &self.db).await {
                adopt()
                    .store_errors_total
                    .with_label_values(&[name, "create"])
                    .inc();
                let hint = if store::is_denied(&e) {
                    format!(
                        "; grant the squeeze account CREATE, SELECT, INSERT, UPDATE, DELETE, REFERENCES ON {}.* (see docs/configuration.md), or create the schema as an administrator",
                        self.db
                    )
                } else {
                    String::new()
                };
                tracing::warn!(
                    "cannot create the metadata schema {}: {}{hint}",
                    self.db,
                    store::describe(name, &e)
                );
            } else {
                self.identify(i, &mut c).await;
                ready.push(i);
            }
            conns[i] = Some(c);
        }
        self.pin_directory(dir);
        // Publish the directory's dictionaries under their own ids to the
        // shards whose schema is in place.
        if !dir.is_empty() && !ready.is_empty() {
            let mut picked: Vec<ShardConn> =
                ready.iter().filter_map(|&i| conns[i].take()).collect();
            for d in dir {
                match store::publish(&mut picked, &self.db, d, IdPolicy::Exactly(d.id)).await {
                    Ok(Published::Already(id)) if id != d.id => tracing::warn!(
                        dictionary = %d.name,
                        "dictionary {} of the directory is stored in the fleet as id {id}; rows this squeeze writes use id {}, which other squeezes may not know",
                        d.id, d.id
                    ),
                    Ok(_) => {}
                    Err(e) => {
                        adopt()
                            .store_errors_total
                            .with_label_values(&["*", "conflict"])
                            .inc();
                        tracing::warn!(
                            dictionary = %d.name,
                            "dictionary {} of the directory was not published: {e}; this squeeze reads and writes id {} with its own copy. Publish it under a new id with `squeeze dict publish --new-id`",
                            d.id, d.id
                        );
                    }
                }
            }
            for (k, c) in ready.iter().zip(picked) {
                conns[*k] = Some(c);
            }
        }
        drop(conns);
        self.reload_guarded("start").await;
    }

    /// [`Self::reload`], surviving a panic: whatever one poll meets, the
    /// loader keeps polling and later ids still load.
    async fn reload_guarded(&self, reason: &str) {
        use futures::FutureExt;
        let poll = std::panic::AssertUnwindSafe(self.reload(reason));
        if poll.catch_unwind().await.is_err() {
            tracing::error!(
                schema = %self.db,
                "dictionary store: a load failed unexpectedly (please report this bug); the next poll tries again"
            );
        }
    }

    /// Learns shard `i`'s store identity and loads the pin file's pins for
    /// it (a conflict there means the file and another source disagree).
    async fn identify(&self, i: usize, c: &mut ShardConn) {
        let Ok(id) = store::store_identity(c, &self.db).await else {
            return;
        };
        for conflict in super::pins::load(&self.pin_path, &id) {
            self.changed(&c.name, &conflict);
        }
        if let Ok(mut ids) = self.identities.lock() {
            ids[i] = Some(id);
        }
    }

    /// Pins the directory's dictionaries (what this process writes with).
    fn pin_directory(&self, dir: &[StoredDictionary]) {
        for d in dir {
            match crate::codec::registry::pin(d.id, &d.sha256) {
                Ok(true) => self.persist_pin(d.id, &d.sha256),
                Ok(false) => {}
                Err(conflict) => self.changed("directory", &conflict),
            }
        }
    }

    /// Appends a new pin to the pin file under every known store identity.
    fn persist_pin(&self, id: u32, sha256: &str) {
        let ids: Vec<String> = self
            .identities
            .lock()
            .map(|v| v.iter().flatten().cloned().collect())
            .unwrap_or_default();
        for store_id in ids {
            if let Err(e) = super::pins::append(&self.pin_path, &store_id, id, sha256) {
                let key = format!("pin-file/{}", self.pin_path.display());
                if self
                    .warned
                    .lock()
                    .map(|mut w| w.insert(key))
                    .unwrap_or(false)
                {
                    tracing::warn!(
                        file = %self.pin_path.display(),
                        "cannot write the dictionary pin file: {e}; pins are kept in memory only (set codec.pin_file to a writable path)"
                    );
                }
            }
        }
    }

    fn changed(&self, source: &str, conflict: &crate::codec::registry::PinConflict) {
        crate::metrics::store_row_rejected("changed");
        adopt()
            .store_errors_total
            .with_label_values(&[source, "changed"])
            .inc();
        crate::metrics::METRICS
            .dictionary_store_events_total
            .with_label_values(&["changed"])
            .inc();
        if let Ok(mut r) = self.refused.lock() {
            r.insert(conflict.id);
        }
        tracing::error!(source, "{conflict}");
    }

    /// Records what the running configuration writes with: new ids are
    /// accepted for these dictionary names and columns only.
    fn set_configured(&self, rules: &crate::transform::ColumnRules) {
        let names: Vec<String> = rules
            .all()
            .filter(|r| r.encoder.dict_id() != 0)
            .filter_map(|r| {
                rules
                    .registry
                    .get(r.encoder.dict_id())
                    .map(|d| d.name.clone())
            })
            .collect();
        let labels: Vec<String> = rules.all().map(|r| r.label.clone()).collect();
        if let Ok(mut c) = self.configured.lock() {
            c.0.extend(names);
            c.0.sort();
            c.0.dedup();
            c.1 = labels;
        }
    }

    fn down(&self, shard: &str, kind: &str, why: &str) {
        let m = adopt();
        m.store_up.with_label_values(&[shard]).set(0);
        m.store_errors_total.with_label_values(&[shard, kind]).inc();
        tracing::warn!(schema = %self.db, "dictionary store: {why}");
    }

    /// Reads the ids of every shard and loads the ones not known yet.
    async fn reload(&self, reason: &str) {
        adopt().store_loads_total.with_label_values(&[reason]).inc();
        let mut conns = self.conns.lock().await;
        for (i, t) in self.targets.iter().enumerate() {
            if conns[i].is_none() {
                match t.connect().await {
                    Ok(mut c) => {
                        self.identify(i, &mut c).await;
                        conns[i] = Some(c)
                    }
                    Err(e) => {
                        self.down(&t.name, "connect", &e);
                        continue;
                    }
                }
            }
            let Some(c) = conns[i].as_mut() else { continue };
            match self.load_new(c).await {
                Ok(()) => adopt().store_up.with_label_values(&[&t.name]).set(1),
                Err(e) => {
                    conns[i] = None;
                    self.down(&t.name, "read", &e);
                }
            }
        }
        adopt().store_dictionaries.set(stored_ids().len() as i64);
    }

    async fn load_new(&self, c: &mut ShardConn) -> Result<(), String> {
        let known = stored_ids();
        let listed = store::lengths(c, &self.db)
            .await
            .map_err(|e| store::describe(&c.name, &e))?;
        let refused = self.refused.lock().map(|r| r.clone()).unwrap_or_default();
        for (id, len, name) in listed
            .into_iter()
            .filter(|(id, ..)| known.binary_search(id).is_err() && !refused.contains(id))
        {
            let events = &crate::metrics::METRICS.dictionary_store_events_total;
            if len > self.max_size {
                events.with_label_values(&["too_large"]).inc();
                crate::metrics::store_row_rejected("too_large");
                if let Ok(mut r) = self.refused.lock() {
                    r.insert(id);
                }
                tracing::error!(
                    id,
                    shard = %c.name,
                    "dictionary {id} in {}.dictionary is {len} bytes, over codec.max_dictionary_size ({}): not loaded. \
                     Delete the row if nobody published it, or raise codec.max_dictionary_size",
                    self.db,
                    self.max_size
                );
                continue;
            }
            if !self.wanted(c, id, &name).await? {
                events.with_label_values(&["not_configured"]).inc();
                let key = format!("not-configured/{id}");
                if self
                    .warned
                    .lock()
                    .map(|mut w| w.insert(key))
                    .unwrap_or(false)
                {
                    tracing::warn!(
                        id,
                        shard = %c.name,
                        "dictionary {id} in {}.dictionary is named {name:?}, which no configured column uses and no configured column is recorded as using: not loaded",
                        self.db
                    );
                }
                continue;
            }
            let d = store::load_one(c, &self.db, id)
                .await
                .map_err(|e| store::describe(&c.name, &e))?;
            let Some(d) = d else {
                // Listed but unreadable (values of unexpected types, counted
                // by the store) or deleted meanwhile: like a checked row,
                // not read again at every poll.
                if let Ok(mut r) = self.refused.lock() {
                    r.insert(id);
                }
                continue;
            };
            match d.check() {
                Ok(codec) => match add_stored(d.to_dictionary(codec)) {
                    Ok(true) => {
                        super::trained::set_trained_ratio(d.id, d.ratio);
                        events.with_label_values(&["accepted"]).inc();
                        self.persist_pin(d.id, &d.sha256.to_ascii_lowercase());
                        tracing::info!(id, name = %d.name, sha256 = %d.sha256, shard = %c.name, "dictionary loaded from the metadata schema");
                    }
                    Ok(false) => {}
                    Err(conflict) => self.changed(&c.name, &conflict),
                },
                Err(e) => {
                    // Refused for good: a bad row is not read (nor counted)
                    // again at every poll; later ids load as usual.
                    crate::metrics::store_row_rejected(e.reason);
                    if let Ok(mut r) = self.refused.lock() {
                        r.insert(id);
                    }
                    tracing::error!(
                        id,
                        reason = e.reason,
                        "shard {}: dictionary {id} in {}.dictionary is unusable and not loaded: {e}. \
                         Delete the row (or publish the right content under a new id); a row fixed in place is read after a restart",
                        c.name,
                        self.db
                    );
                }
            }
        }
        Ok(())
    }

    /// Whether a new id is for this squeeze: its name is a configured
    /// column's dictionary, or a configured column is recorded as using it
    /// (its rows may reference it after a rotation to another name).
    async fn wanted(&self, c: &mut ShardConn, id: u32, name: &str) -> Result<bool, String> {
        let (names, labels) = self
            .configured
            .lock()
            .map(|c| c.clone())
            .unwrap_or_default();
        if names.iter().any(|n| n == name) {
            return Ok(true);
        }
        let users = store::users_of(c, &self.db, id)
            .await
            .map_err(|e| store::describe(&c.name, &e))?;
        Ok(users.iter().any(|u| labels.contains(u)))
    }

    /// Records, on every shard, which dictionary each configured column
    /// writes with: from then on the server refuses to delete it.
    pub async fn record_use(&self, rules: &crate::transform::ColumnRules) {
        self.set_configured(rules);
        let mut uses = Vec::new();
        for r in rules.all() {
            let id = r.encoder.dict_id();
            if id == 0 {
                continue;
            }
            let suffix = format!(".{}.{}", r.table, r.column);
            let schema = r
                .label
                .strip_suffix(&suffix)
                .unwrap_or(&r.label)
                .to_string();
            uses.push((
                schema,
                r.table.clone(),
                r.column.clone(),
                id,
                r.label.clone(),
            ));
        }
        let mut conns = self.conns.lock().await;
        for c in conns.iter_mut().flatten() {
            for (s, t, col, id, label) in &uses {
                if let Err(e) =
                    store::record_use(c, &self.db, (s.as_str(), t.as_str(), col.as_str()), *id)
                        .await
                {
                    adopt()
                        .store_errors_total
                        .with_label_values(&[&c.name, "use"])
                        .inc();
                    let key = format!("{}/{label}/{id}", c.name);
                    if self
                        .warned
                        .lock()
                        .map(|mut w| w.insert(key))
                        .unwrap_or(false)
                    {
                        tracing::warn!(
                            "could not record that {label} uses dictionary {id} in {}.dictionary_use: {}",
                            self.db,
                            store::describe(&c.name, &e)
                        );
                    }
                }
            }
        }
    }

    /// Installs the miss fetcher and runs the poll until the process ends.
    pub fn spawn(self: Arc<Self>) -> tokio::task::JoinHandle<()> {
        let (tx, rx) = mpsc::unbounded_channel::<Want>();
        let quiet = self.poll;
        // id -> (when asked, answered). An id the store was asked for and
        // did not hold is not asked again within the poll interval: a
        // value naming an id nobody published (or random bytes that look
        // like a header) must not stall every read. Sessions missing an id
        // whose fetch is still running wait for it too.
        let asked: Arc<Mutex<HashMap<u32, (Instant, bool)>>> = Arc::default();
        set_miss_fetch(move |id| {
            if let Ok(mut a) = asked.lock() {
                match a.get(&id) {
                    Some(&(t, true)) if t.elapsed() < quiet => return Box::pin(async {}),
                    Some(&(_, false)) => {}
                    _ => {
                        if a.len() > 4096 {
                            a.clear();
                        }
                        a.insert(id, (Instant::now(), false));
                    }
                }
            }
            let (done_tx, done_rx) = tokio::sync::oneshot::channel();
            let sent = tx.send((id, done_tx)).is_ok();
            let asked = Arc::clone(&asked);
            Box::pin(async move {
                if sent {
                    let _ = tokio::time::timeout(MISS_WAIT, done_rx).await;
                }
                if let Ok(mut a) = asked.lock() {
                    a.insert(id, (Instant::now(), true));
                }
            })
        });
        tokio::spawn(self.run(rx))
    }

    async fn run(self: Arc<Self>, mut rx: mpsc::UnboundedReceiver<Want>) {
        let mut tick = tokio::time::interval(self.poll);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        tick.tick().await;
        loop {
            tokio::select! {
                _ = tick.tick() => self.reload_guarded("poll").await,
                Some(first) = rx.recv() => {
                    let mut waiting = vec![first];
                    while let Ok(w) = rx.try_recv() {
                        waiting.push(w);
                    }
                    self.reload_guarded("unknown_id").await;
                    for (_, done) in waiting {
                        let _ = done.send(());
                    }
                }
            }
        }
    }
}

/// `check-config`'s view of the store: every shard's dictionaries loaded
/// as `serve` loads them at start (same targets, login and time budget),
/// but read-only: nothing is created or published. Returns one line per
/// shard that could not be read and why; `serve` would then work from the
/// directory alone, so the columns are checked against it.
pub async fn load_for_check(cfg: &Config) -> Vec<String> {
    if !cfg.codec.dictionary_store {
        return Vec::new();
    }
    let db = &cfg.codec.metadata_schema;
    let targets = match store::targets(cfg) {
        Ok(t) => t,
        Err(e) => {
            return vec![format!(
                "dictionary store not read: {e:#}; checking against the dictionaries directory only"
            )]
        }
    };
    let load = futures::future::join_all(
        targets
            .iter()
            .map(|t| load_shard_for_check(t, db, cfg.codec.max_dictionary_size)),
    );
    match tokio::time::timeout(START_BUDGET, load).await {
        Ok(notes) => notes.into_iter().flatten().collect(),
        Err(_) => vec![format!(
            "the dictionary store ({db}) did not answer within {} s; checking against the dictionaries directory only",
            START_BUDGET.as_secs()
        )],
    }
}

async fn load_shard_for_check(t: &ShardTarget, db: &str, max_size: u64) -> Option<String> {
    let mut c = match t.connect().await {
        Ok(c) => c,
        Err(e) => {
            return Some(format!(
                "dictionary store not read: {e}; serve would start from the dictionaries directory only"
            ))
        }
    };
    let note = match store::load_capped(&mut c, db, max_size).await {
        Ok((ds, too_large)) => {
            let mut bad = Vec::new();
            for d in ds {
                match d.check() {
                    Ok(codec) => {
                        let _ = add_stored(d.to_dictionary(codec));
                    }
                    Err(e) => bad.push(format!("{} ({e})", d.id)),
                }
            }
            let mut notes = Vec::new();
            if !too_large.is_empty() {
                notes.push(format!(
                    "shard {}: dictionaries {} are over codec.max_dictionary_size ({max_size} bytes): serve would not load them",
                    t.name,
                    too_large.iter().map(|(id, len)| format!("{id} ({len} bytes)")).collect::<Vec<_>>().join(", ")
                ));
            }
            if !bad.is_empty() {
                notes.push(format!(
                    "shard {}: dictionaries {} are unusable: serve would not load them (delete the rows)",
                    t.name,
                    bad.join(", ")
                ));
            }
            (!notes.is_empty()).then(|| notes.join("; "))
        }
        Err(e) if store::is_denied(&e) => Some(format!(
            "the account cannot read the metadata schema {db}: {}; serve would work from the dictionaries directory only. \
             Grant the squeeze account CREATE, SELECT, INSERT, UPDATE, DELETE, REFERENCES ON {db}.*",
            store::describe(&t.name, &e)
        )),
        Err(e) if matches!(store::server_code(&e), Some(codes::BAD_DB | codes::NO_SUCH_TABLE)) => {
            Some(format!(
                "shard {}: no metadata schema {db} yet (serve creates it at start); no stored dictionaries",
                t.name
            ))
        }
        Err(e) => Some(format!(
            "dictionary store not read: {}; checking against the dictionaries directory only",
            store::describe(&t.name, &e)
        )),
    };
    let _ = c.conn.disconnect().await;
    note
}

/// The directory's dictionaries as the store holds them (none when it has
/// no manifest or cannot be read: `serve` reports that itself).
pub fn dir_dictionaries(dir: &Path) -> Vec<StoredDictionary> {
    if !dir.join(crate::codec::registry::MANIFEST_FILE).exists() {
        return Vec::new();
    }
    let Ok(reg) = DictionaryRegistry::load_dir(dir) else {
        return Vec::new();
    };
    reg.entries()
        .iter()
        .filter_map(|e| {
            let d = reg.get(e.id)?;
            Some(StoredDictionary::from_entry(e, d.bytes().to_vec()))
        })
        .collect()
}
