//! The Prometheus metrics squeeze exports. One process-wide registry, so
//! every module can count without threading handles around.

use std::sync::LazyLock;

use prometheus::{
    CounterVec, Encoder, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge,
    IntGaugeVec, Opts, Registry, TextEncoder,
};

/// Declares the `Metrics` struct and its constructor from one list of
/// `field: Type = how it is made and registered;`, so a metric is named,
/// described and registered in one line.
macro_rules! metrics {
    (registry $r:ident; $($field:ident : $ty:ty = $make:expr;)*) => {
        pub struct Metrics {
            registry: Registry,
            /// `process_*` (CPU, memory, file descriptors), unprefixed as
            /// Prometheus' conventions name them.
            process: Registry,
            $(pub $field: $ty,)*
        }

        impl Metrics {
            fn new() -> Metrics {
                let registry = Registry::new_custom(Some("squeeze".into()), None).expect("registry");
                let $r = &registry;
                let m = Metrics {
                    $($field: $make,)*
                    process: process_registry(),
                    registry,
                };
                m.build_info
                    .with_label_values(&[env!("CARGO_PKG_VERSION"), env!("SQUEEZE_GIT_COMMIT")])
                    .set(1);
                m
            }
        }
    };
}

metrics! {
    registry r;
    connections_total: IntCounterVec = counter_vec(r, "connections_total", "Client connections accepted, by outcome", &["outcome"]);
    connections_active: IntGauge = gauge(r, "connections_active", "Client connections currently open");
    preauth_connections: IntGauge = gauge(r, "preauth_connections", "Client connections that have not authenticated yet (bounded by proxy.max_preauth_connections and max_preauth_per_host)");
    relayed_logins_in_flight: IntGauge = gauge(r, "relayed_logins_in_flight", "Relayed logins (auth.accounts = server) holding a server connection until the server says OK or ERR (bounded by proxy.max_relayed_logins, a quarter of the server's max_connections, and max_relayed_logins_per_host)");
    commands_total: IntCounterVec = counter_vec(r, "commands_total", "Client commands, by command and shard", &["command", "shard"]);
    command_duration: HistogramVec = histogram_vec(r, "command_duration_seconds", "Time from a client command to the end of its response", &["command", "shard"], &[0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0]);
    protocol_errors_total: IntCounterVec = counter_vec(r, "protocol_errors_total", "Malformed or unexpected traffic, by side and kind", &["side", "kind"]);
    auth_failures_total: IntCounter = counter(r, "auth_failures_total", "Client logins refused (wrong password or unknown user)");
    backend_connections_active: IntGaugeVec = gauge_vec(r, "backend_connections_active", "Open backend connections per shard", &["shard"]);
    backend_connect_failures_total: IntCounterVec = counter_vec(r, "backend_connect_failures_total", "Failed backend connection attempts per shard", &["shard", "reason"]);
    backend_errors_total: IntCounterVec = counter_vec(r, "backend_errors_total", "ERR packets returned by backends, by shard and error code", &["shard", "code"]);
    backend_up: IntGaugeVec = gauge_vec(r, "backend_up", "1 when the last health probe of the shard succeeded", &["shard"]);
    client_bytes_total: IntCounterVec = counter_vec(r, "client_bytes_total", "Bytes on client connections (every packet, LOAD DATA payloads included; after TLS, before protocol compression is undone), by direction (client_to_proxy, proxy_to_client)", &["direction"]);
    column_bytes_total: IntCounterVec = counter_vec(r, "column_bytes_total", "Bytes of compressed-column values: raw (as the client sent them) and stored", &["column", "kind"]);
    column_values_total: IntCounterVec = counter_vec(r, "column_values_total", "Compressed-column values written (compressed, left_small, left_incompressible), read (inflated, legacy_read) or refused (statements refused over the column), by outcome", &["column", "outcome"]);
    codec_seconds_total: prometheus::CounterVec = float_counter_vec(r, "codec_seconds_total", "CPU seconds spent compressing and inflating column values", &["column", "op"]);
    decode_errors_total: IntCounterVec = counter_vec(r, "decode_errors_total", "Stored values that failed to decode", &["column", "reason"]);
    refused_statements_total: IntCounterVec = counter_vec(r, "refused_statements_total", "Statements refused before reaching a backend, by reason", &["reason"]);
    inflated_without_metadata_total: IntCounter = counter(r, "inflated_without_metadata_total", "Valid compressed values inflated in result columns whose metadata named no compressed column (the safety net: each one is a query shape the analyzer admitted without knowing it carries compressed values)");
    dictionary_info: IntGaugeVec = gauge_vec(r, "dictionary_info", "Dictionaries configured for writing (value 1), by column and dictionary id", &["column", "dictionary_id"]);
    backend_bytes_total: IntCounterVec = counter_vec(r, "backend_bytes_total", "Bytes on backend connections (every packet; after TLS, with protocol compression as sent), by shard and direction (proxy_to_backend, backend_to_proxy)", &["shard", "direction"]);
    backend_slot_waiters: IntGaugeVec = gauge_vec(r, "backend_slot_waiters", "Sessions waiting for a free connection of the shard (backend max_connections reached)", &["shard"]);
    config_reloads_total: IntCounterVec = counter_vec(r, "config_reloads_total", "Configuration reloads (SIGHUP or POST /reload), by outcome (ok, refused)", &["outcome"]);
    admin_connections_active: IntGauge = gauge(r, "admin_connections_active", "Admin HTTP connections open");
    admin_connections_refused_total: IntCounterVec = counter_vec(r, "admin_connections_refused_total", "Admin HTTP connections closed unserved: over [admin] max_connections (cap) or max_connections_per_host (host_cap) with every connection mid-request, closed to make room for a newer one while still waiting for its headers (displaced), headers not complete within header_timeout_ms (header_timeout), exchange longer than four times that (timeout)", &["reason"]);
    admin_open_without_token: IntGauge = gauge(r, "admin_open_without_token", "1 when the admin view listens beyond loopback without a token ([admin] open_without_token = true)");
    dictionary_store_events_total: IntCounterVec = counter_vec(r, "dictionary_store_events_total", "Dictionaries met in the metadata store, by outcome: accepted (a new id for a configured dictionary name), not_configured (name no column uses), too_large (over codec.max_dictionary_size), changed (bytes differ from the pinned sha256 of the id)", &["outcome"]);
    store_rows_rejected_total: IntCounterVec = counter_vec(r, "store_rows_rejected_total", "Rows of the metadata store refused before use, by reason: bad_id, bad_name, empty, sha_mismatch, bad_codec, bad_content (a zstd header zstd cannot load), too_large, changed (bytes differ from the id's pin), unreadable (columns of unexpected types); everything else keeps working", &["reason"]);
    build_info: IntGaugeVec = gauge_vec(r, "build_info", "Always 1; the version and git commit of the running squeeze", &["version", "commit"]);
    adaptive_queue_depth: IntGaugeVec = gauge_vec(r, "adaptive_queue_depth", "Chunks queued or being written by the adaptive writer of the last active bulk connection, per shard", &["shard"]);
    adaptive_chunks_total: IntCounterVec = counter_vec(r, "adaptive_chunks_total", "Chunks sent on bulk (compressed-protocol) backend connections, by shard and whether they were compressed or raw", &["shard", "kind"]);
    adaptive_wire_bytes_total: IntCounterVec = counter_vec(r, "adaptive_wire_bytes_total", "Bytes written on bulk backend connections before (packet stream) and after (frames on the wire) wire compression", &["shard", "stage"]);
    adaptive_compress_seconds_total: CounterVec = float_counter_vec(r, "adaptive_compress_seconds_total", "CPU seconds bulk backend connections spent compressing wire frames, by shard and algorithm (zlib, zstd)", &["shard", "algorithm"]);
    adaptive_compress_input_bytes_total: IntCounterVec = counter_vec(r, "adaptive_compress_input_bytes_total", "Packet-stream bytes bulk backend connections compressed, by shard and algorithm; with adaptive_compress_seconds_total, the codec's throughput", &["shard", "algorithm"]);
    adaptive_socket_seconds_total: CounterVec = float_counter_vec(r, "adaptive_socket_seconds_total", "Seconds bulk backend sockets had data outstanding (state busy) and the parts of it limited by the backend's receive window (rwnd_limited: the server reads slower than the path delivers) or by the send buffer (sndbuf_limited), from Linux TCP_INFO read while chunks wait; what the adaptive policy reads as server-bound vs network-bound", &["shard", "state"]);
    user_commands_total: IntCounterVec = counter_vec(r, "user_commands_total", "Client commands by client user (with [admin] per_user_metrics; at most metrics_label_limit users, the rest as \"other\")", &["user"]);
    schema_commands_total: IntCounterVec = counter_vec(r, "schema_commands_total", "Client commands by the session's current database (with [admin] per_schema_metrics; at most metrics_label_limit schemas, the rest as \"other\"; none: \"\")", &["schema"]);
    bulk_sessions_total: IntCounterVec = counter_vec(r, "bulk_sessions_total", "Backend connections opened for bulk-load sessions, by shard and compression mode", &["shard", "mode"]);
}

fn register<M: prometheus::core::Collector + Clone + 'static>(r: &Registry, m: M) -> M {
    r.register(Box::new(m.clone())).expect("unique metric");
    m
}

fn counter(r: &Registry, name: &str, help: &str) -> IntCounter {
    register(r, IntCounter::new(name, help).expect("valid metric"))
}

fn gauge(r: &Registry, name: &str, help: &str) -> IntGauge {
    register(r, IntGauge::new(name, help).expect("valid metric"))
}

fn histogram_vec(
    r: &Registry,
    name: &str,
    help: &str,
    labels: &[&str],
    buckets: &[f64],
) -> HistogramVec {
    let opts = HistogramOpts::new(name, help).buckets(buckets.to_vec());
    register(r, HistogramVec::new(opts, labels).expect("valid metric"))
}

fn float_counter_vec(r: &Registry, name: &str, help: &str, labels: &[&str]) -> CounterVec {
    register(
        r,
        CounterVec::new(Opts::new(name, help), labels).expect("valid metric"),
    )
}

fn counter_vec(r: &Registry, name: &str, help: &str, labels: &[&str]) -> IntCounterVec {
    register(
        r,
        IntCounterVec::new(Opts::new(name, help), labels).expect("valid metric"),
    )
}

fn gauge_vec(r: &Registry, name: &str, help: &str, labels: &[&str]) -> IntGaugeVec {
    register(
        r,
        IntGaugeVec::new(Opts::new(name, help), labels).expect("valid metric"),
    )
}

impl Metrics {
    /// The per-user command counter of `user`, when per-user metrics are on.
    pub fn user_commands(&self, user: &str) -> Option<IntCounter> {
        if !LABELS_ON.load(std::sync::atomic::Ordering::Relaxed) {
            return None;
        }
        let labels = LABELS.read();
        labels.per_user.then(|| {
            self.user_commands_total
                .with_label_values(&[labels.users.label(user)])
        })
    }

    /// The per-schema command counter of `schema`, when per-schema metrics
    /// are on.
    pub fn schema_commands(&self, schema: &str) -> Option<IntCounter> {
        if !LABELS_ON.load(std::sync::atomic::Ordering::Relaxed) {
            return None;
        }
        let labels = LABELS.read();
        labels.per_schema.then(|| {
            self.schema_commands_total
                .with_label_values(&[labels.schemas.label(schema)])
        })
    }

    /// Turn the per-user / per-schema counters on or off (at start and on
    /// every reload); values already admitted keep their series.
    pub fn configure_labels(&self, per_user: bool, per_schema: bool, limit: usize) {
        let mut labels = LABELS.write();
        labels.per_user = per_user;
        labels.per_schema = per_schema;
        labels.users.limit = limit;
        labels.schemas.limit = limit;
        LABELS_ON.store(per_user || per_schema, std::sync::atomic::Ordering::Relaxed);
    }

    /// The registry in Prometheus text exposition format.
    pub fn render(&self) -> String {
        let mut families = self.registry.gather();
        families.extend(self.process.gather());
        let mut buf = Vec::new();
        let _ = TextEncoder::new().encode(&families, &mut buf);
        String::from_utf8(buf).unwrap_or_default()
    }

    /// Client byte counter of one direction.
    pub fn client_bytes(&self, direction: &str) -> IntCounter {
        self.client_bytes_total.with_label_values(&[direction])
    }

    /// Backend byte counter of one shard and direction.
    pub fn backend_bytes(&self, shard: &str, direction: &str) -> IntCounter {
        self.backend_bytes_total
            .with_label_values(&[shard, direction])
    }

    /// Create the series of known label values at 0, so a dashboard shows 0
    /// (not "No data") and `rate()`/`increase()` see the first event. Called
    /// with the configured shards and columns at start and on each reload.
    pub fn preset(&self, shards: &[String], columns: &[String]) {
        for (side, kinds) in ProtocolErrorKind::PRESET {
            for kind in *kinds {
                self.protocol_errors_total
                    .with_label_values(&[side.as_str(), kind.as_str()]);
            }
        }
        for shard in shards {
            for reason in ConnectFailure::PRESET {
                self.backend_connect_failures_total
                    .with_label_values(&[shard, reason.as_str()]);
            }
            self.backend_slot_waiters.with_label_values(&[shard]);
            for d in ["backend_to_proxy", "proxy_to_backend"] {
                self.backend_bytes_total.with_label_values(&[shard, d]);
            }
        }
        for column in columns {
            for reason in DECODE_ERROR_REASONS {
                self.decode_errors_total
                    .with_label_values(&[column, reason]);
            }
        }
        for d in ["client_to_proxy", "proxy_to_client"] {
            self.client_bytes_total.with_label_values(&[d]);
        }
        for outcome in ["ok", "refused"] {
            self.config_reloads_total.with_label_values(&[outcome]);
        }
        for reason in ["cap", "host_cap", "displaced", "header_timeout", "timeout"] {
            self.admin_connections_refused_total
                .with_label_values(&[reason]);
        }
        for reason in STORE_REJECT_REASONS {
            self.store_rows_rejected_total.with_label_values(&[reason]);
        }
        for outcome in ["accepted", "not_configured", "too_large", "changed"] {
            self.dictionary_store_events_total
                .with_label_values(&[outcome]);
        }
    }
}

/// The `reason` labels of `store_rows_rejected_total` (pre-created at 0).
pub const STORE_REJECT_REASONS: [&str; 9] = [
    "bad_id",
    "bad_name",
    "empty",
    "sha_mismatch",
    "bad_codec",
    "bad_content",
    "too_large",
    "changed",
    "unreadable",
];

/// Counts one refused row of the metadata store.
pub fn store_row_rejected(reason: &str) {
    METRICS
        .store_rows_rejected_total
        .with_label_values(&[reason])
        .inc();
}

/// Which side of the proxy a failure came from (pingora's `ErrorSource`):
/// the `side` label of `protocol_errors_total`, and what a log line says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorSource {
    /// The client: what it sent, or its connection.
    Client,
    /// A backend: what it answered, or its connection.
    Backend,
    /// squeeze itself (a limit, shutdown, an inconsistency).
    Internal,
}

impl ErrorSource {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorSource::Client => "client",
            ErrorSource::Backend => "backend",
            ErrorSource::Internal => "internal",
        }
    }
}

/// The `kind` label of `protocol_errors_total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProtocolErrorKind {
    BadHandshake,
    EmptyCommand,
    HandshakeTooLarge,
    Malformed,
    OverBudget,
    Tls,
    TruncatedHandshake,
    UnknownCommand,
    TooLarge,
    OutOfOrder,
}

impl ProtocolErrorKind {
    pub fn as_str(self) -> &'static str {
        use ProtocolErrorKind::*;
        match self {
            BadHandshake => "bad_handshake",
            EmptyCommand => "empty_command",
            HandshakeTooLarge => "handshake_too_large",
            Malformed => "malformed",
            OverBudget => "over_budget",
            Tls => "tls",
            TruncatedHandshake => "truncated_handshake",
            UnknownCommand => "unknown_command",
            TooLarge => "too_large",
            OutOfOrder => "out_of_order",
        }
    }

    /// The sides each kind is counted on: the series preset at 0.
    const PRESET: &[(ErrorSource, &[ProtocolErrorKind])] = {
        use ProtocolErrorKind::*;
        &[
            (
                ErrorSource::Client,
                &[
                    BadHandshake,
                    EmptyCommand,
                    HandshakeTooLarge,
                    Malformed,
                    OverBudget,
                    Tls,
                    TruncatedHandshake,
                    UnknownCommand,
                    TooLarge,
                    OutOfOrder,
                ],
            ),
            (ErrorSource::Backend, &[OverBudget]),
        ]
    };
}

/// The `reason` label of `backend_connect_failures_total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConnectFailure {
    Unreachable,
    /// An open connection died (mid-command, or while idle).
    Lost,
    Saturated,
    Config,
    /// The server's answer during login was not the protocol.
    Protocol,
    /// No credential to log in with (refused before connecting).
    NoCredential,
}

impl ConnectFailure {
    pub fn as_str(self) -> &'static str {
        match self {
            ConnectFailure::Unreachable => "unreachable",
            ConnectFailure::Lost => "lost",
            ConnectFailure::Saturated => "saturated",
            ConnectFailure::Config => "config",
            ConnectFailure::Protocol => "protocol",
            ConnectFailure::NoCredential => "no_credential",
        }
    }

    /// The reasons preset at 0 per shard (the rare `protocol` and
    /// `no_credential` appear when they first happen).
    const PRESET: &[ConnectFailure] = &[
        ConnectFailure::Unreachable,
        ConnectFailure::Lost,
        ConnectFailure::Saturated,
        ConnectFailure::Config,
    ];
}

impl Metrics {
    /// `protocol_errors_total` of one side and kind.
    pub fn protocol_error(&self, side: ErrorSource, kind: ProtocolErrorKind) {
        self.protocol_errors_total
            .with_label_values(&[side.as_str(), kind.as_str()])
            .inc();
    }

    /// `backend_connect_failures_total` of one shard and reason.
    pub fn connect_failure(&self, shard: &str, reason: ConnectFailure) {
        self.backend_connect_failures_total
            .with_label_values(&[shard, reason.as_str()])
            .inc();
    }
}

const DECODE_ERROR_REASONS: &[&str] = &[
    "bad_header",
    "unknown_codec",
    "unknown_dictionary",
    "too_large",
    "corrupt_payload",
    "length_mismatch",
    "checksum_mismatch",
];

/// The process collector (Linux: /proc/self) in its own registry, since
/// the main one prefixes every name with `squeeze_`.
fn process_registry() -> Registry {
    let r = Registry::new();
    #[cfg(target_os = "linux")]
    {
        let pc = prometheus::process_collector::ProcessCollector::for_self();
        let _ = r.register(Box::new(pc));
    }
    r
}

pub static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// One compressed column's counters, resolved once when the rule is built:
/// looking a labelled child up hashes the label strings, which on the point
/// select path cost as much as crc32 of the value.
#[derive(Debug, Clone)]
pub struct ColumnMetrics {
    pub raw_bytes: IntCounter,
    pub stored_bytes: IntCounter,
    pub compressed: IntCounter,
    pub left_small: IntCounter,
    pub left_incompressible: IntCounter,
    pub legacy_read: IntCounter,
    /// Stored values inflated in results.
    pub inflated: IntCounter,
    /// Statements refused because of this column.
    pub refused: IntCounter,
    pub compress_seconds: prometheus::Counter,
    pub inflate_seconds: prometheus::Counter,
}

impl ColumnMetrics {
    /// Handles for the column labelled `label` (`schema.table.column`).
    pub fn for_column(label: &str) -> ColumnMetrics {
        let m = &METRICS;
        let bytes = |kind| m.column_bytes_total.with_label_values(&[label, kind]);
        let values = |outcome| m.column_values_total.with_label_values(&[label, outcome]);
        let seconds = |op| m.codec_seconds_total.with_label_values(&[label, op]);
        ColumnMetrics {
            raw_bytes: bytes("raw"),
            stored_bytes: bytes("stored"),
            compressed: values("compressed"),
            left_small: values("left_small"),
            left_incompressible: values("left_incompressible"),
            legacy_read: values("legacy_read"),
            inflated: values("inflated"),
            refused: values("refused"),
            compress_seconds: seconds("compress"),
            inflate_seconds: seconds("inflate"),
        }
    }
}

// ---- Adoption (issue 21): dictionary store, write-ratio drift, table jobs.
// Kept together so the block moves as one; registered into the same
// registry the first time it is touched (`adopt()`).

/// Metrics of the metadata-schema dictionary store and of drift.
pub struct AdoptMetrics {
    /// 1 when the shard's metadata schema was read at the last attempt.
    pub store_up: IntGaugeVec,
    /// Dictionaries known from the metadata store.
    pub store_dictionaries: IntGauge,
    /// Loads from the store, by reason (start, poll, unknown_id).
    pub store_loads_total: IntCounterVec,
    /// Store operations that failed, by shard and kind.
    pub store_errors_total: IntCounterVec,
    /// raw/stored bytes of recent writes, by column and dictionary id.
    pub write_ratio: prometheus::GaugeVec,
    /// The ratio measured on held-out documents when the dictionary was trained.
    pub trained_ratio: prometheus::GaugeVec,
    /// write_ratio / trained_ratio: below ~0.8 the documents drifted away
    /// from what the dictionary was trained on.
    pub ratio_vs_trained: prometheus::GaugeVec,
}

fn float_gauge_vec(r: &Registry, name: &str, help: &str, labels: &[&str]) -> prometheus::GaugeVec {
    let g = prometheus::GaugeVec::new(Opts::new(name, help), labels).expect("valid metric");
    r.register(Box::new(g.clone())).expect("unique metric");
    g
}

impl AdoptMetrics {
    fn new(registry: &Registry) -> AdoptMetrics {
        // A handle on the same registry (written `&r,` like the others,
        // which tests/deploy.rs scans for metric names).
        let r = registry.clone();
        let store_dictionaries = IntGauge::new(
            "dictionary_store_dictionaries",
            "Dictionaries loaded from the metadata schema on the shards",
        )
        .expect("valid metric");
        r.register(Box::new(store_dictionaries.clone()))
            .expect("unique metric");
        AdoptMetrics {
            store_up: gauge_vec(
                &r,
                "dictionary_store_up",
                "1 when the shard's metadata schema could be read at the last attempt, 0 when squeeze works from its dictionaries directory only",
                &["shard"],
            ),
            store_dictionaries,
            store_loads_total: counter_vec(
                &r,
                "dictionary_store_loads_total",
                "Dictionary loads from the metadata store, by reason (start, poll, unknown_id)",
                &["reason"],
            ),
            store_errors_total: counter_vec(
                &r,
                "dictionary_store_errors_total",
                "Metadata store operations that failed, by shard and kind (connect, create, read, publish, use, conflict)",
                &["shard", "kind"],
            ),
            write_ratio: float_gauge_vec(
                &r,
                "column_write_ratio",
                "raw/stored bytes of the column's recent compressed writes, by column and dictionary id",
                &["column", "dictionary_id"],
            ),
            trained_ratio: float_gauge_vec(
                &r,
                "dictionary_trained_ratio",
                "raw/stored bytes the dictionary reached on held-out documents at training, by column and dictionary id",
                &["column", "dictionary_id"],
            ),
            ratio_vs_trained: float_gauge_vec(
                &r,
                "column_ratio_vs_trained",
                "column_write_ratio / dictionary_trained_ratio; below 0.8 for days means retrain (see docs/configuration.md)",
                &["column", "dictionary_id"],
            ),
        }
    }
}

static ADOPT: LazyLock<AdoptMetrics> = LazyLock::new(|| AdoptMetrics::new(&METRICS.registry));

/// The adoption metrics (registered on first use).
pub fn adopt() -> &'static AdoptMetrics {
    &ADOPT
}

/// Which per-user / per-schema counters are on, and the values admitted.
#[derive(Default)]
struct Labels {
    per_user: bool,
    per_schema: bool,
    users: CappedLabel,
    schemas: CappedLabel,
}

static LABELS: LazyLock<parking_lot::RwLock<Labels>> = LazyLock::new(Default::default);
/// Either counter is on: the common case (both off) skips the lock.
static LABELS_ON: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// A label whose distinct values are capped: the first `limit` values seen
/// are themselves, every later one is "other" (bounded cardinality).
#[derive(Default)]
struct CappedLabel {
    limit: usize,
    admitted: parking_lot::Mutex<std::collections::HashSet<String>>,
}

impl CappedLabel {
    fn label<'a>(&self, value: &'a str) -> &'a str {
        let mut admitted = self.admitted.lock();
        if admitted.contains(value) {
            return value;
        }
        if admitted.len() < self.limit {
            admitted.insert(value.to_string());
            return value;
        }
        "other"
    }
}

#[cfg(test)]
mod label_tests {
    use super::CappedLabel;

    #[test]
    fn a_capped_label_names_the_first_values_and_counts_the_rest_as_other() {
        let cap = CappedLabel {
            limit: 2,
            ..Default::default()
        };
        assert_eq!(cap.label("alice"), "alice");
        assert_eq!(cap.label("bob"), "bob");
        assert_eq!(cap.label("carol"), "other");
        assert_eq!(cap.label("alice"), "alice");
    }
}
