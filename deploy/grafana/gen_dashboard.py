#!/usr/bin/env python3
# Generates deploy/grafana/dashboards/squeeze.json (run: python3 deploy/grafana/gen_dashboard.py).
# Edit panels here, regenerate, then run `cargo test --test deploy`, which
# evaluates every query on a live Prometheus scraping squeeze.
import json
# The datasource is a template variable (default: the provisioned uid
# "prometheus"), so the dashboard imports into any Grafana.
DS = {"type": "prometheus", "uid": "${datasource}"}
DEFAULT_DS_UID = "prometheus"
I = 'instance=~"$instance"'
IS = 'instance=~"$instance", shard=~"$shard"'
R = '$__rate_interval'
panels = []
pid = [0]
y = [0]

def nid():
    pid[0] += 1
    return pid[0]

def row(title):
    panels.append({"type": "row", "title": title, "id": nid(), "collapsed": False,
                   "gridPos": {"h": 1, "w": 24, "x": 0, "y": y[0]}, "panels": []})
    y[0] += 1

cur = {"x": 0, "h": 0}
def place(w, h):
    if cur["x"] + w > 24:
        y[0] += cur["h"]; cur["x"] = 0; cur["h"] = 0
    g = {"h": h, "w": w, "x": cur["x"], "y": y[0]}
    cur["x"] += w; cur["h"] = max(cur["h"], h)
    return g

def flush():
    y[0] += cur["h"]; cur["x"] = 0; cur["h"] = 0

def tgt(expr, legend, ref, instant=False):
    t = {"datasource": DS, "expr": expr, "legendFormat": legend, "refId": ref, "range": not instant}
    if instant:
        t["instant"] = True
        t["format"] = "table"
    return t

def ts(title, desc, targets, unit="short", w=12, h=8, stack=False, extra=None):
    fc = {"defaults": {"unit": unit, "custom": {"drawStyle": "line", "lineWidth": 1, "fillOpacity": 10,
          "showPoints": "never", "stacking": {"mode": "normal" if stack else "none", "group": "A"}}},
          "overrides": []}
    if extra: fc["defaults"].update(extra)
    panels.append({"type": "timeseries", "title": title, "description": desc, "id": nid(), "datasource": DS,
                   "gridPos": place(w, h), "fieldConfig": fc,
                   "options": {"legend": {"displayMode": "table", "placement": "bottom", "calcs": ["mean", "max", "lastNotNull"]},
                               "tooltip": {"mode": "multi", "sort": "desc"}},
                   "targets": [tgt(e, l, chr(65 + i)) for i, (e, l) in enumerate(targets)]})

def stat(title, desc, expr, unit="short", w=4, h=4, thresholds=None, mappings=None, decimals=None):
    d = {"unit": unit, "thresholds": {"mode": "absolute", "steps": thresholds or [{"color": "green", "value": None}]}}
    if mappings: d["mappings"] = mappings
    if decimals is not None: d["decimals"] = decimals
    panels.append({"type": "stat", "title": title, "description": desc, "id": nid(), "datasource": DS,
                   "gridPos": place(w, h), "fieldConfig": {"defaults": d, "overrides": []},
                   "options": {"reduceOptions": {"calcs": ["lastNotNull"], "fields": "", "values": False},
                               "colorMode": "background", "graphMode": "area", "textMode": "auto"},
                   "targets": [tgt(expr, "", "A")]})

# ---------------------------------------------------------------- overview
row("Overview")
stat("Queries/s", "All client commands per second, every shard.",
     f'sum(rate(squeeze_commands_total{{{IS}}}[{R}]))', unit="reqps")
stat("Client connections", "Client connections currently open.",
     f'sum(squeeze_connections_active{{{I}}})')
stat("Shards up", "Shards whose last health probe succeeded / shards configured.",
     f'sum(squeeze_backend_up{{{IS}}}) / count(squeeze_backend_up{{{IS}}})', unit="percentunit",
     thresholds=[{"color": "red", "value": None}, {"color": "orange", "value": 0.5}, {"color": "green", "value": 1}])
stat("Compression ratio", "Raw bytes / stored bytes over the selected range, all compressed columns.",
     f'(sum(increase(squeeze_column_bytes_total{{{I}, kind="raw"}}[$__range])) / clamp_min(sum(increase(squeeze_column_bytes_total{{{I}, kind="stored"}}[$__range])), 1)) or vector(0)',
     unit="none", decimals=2,
     thresholds=[{"color": "orange", "value": None}, {"color": "green", "value": 2}])
stat("Refused statements/s", "Statements squeeze refused before they reached a shard.",
     f'sum(rate(squeeze_refused_statements_total{{{I}}}[{R}])) or vector(0)', unit="reqps",
     thresholds=[{"color": "green", "value": None}, {"color": "orange", "value": 0.01}])
stat("Store rows rejected", "Rows of squeeze_meta (dictionaries, checkpoints) refused as malformed over the selected range, by any reason. Should be 0: the log names each row.",
     f'sum(increase(squeeze_store_rows_rejected_total{{{I}}}[$__range])) or vector(0)')
stat("Decode errors", "Stored values that failed to decode over the selected range (corrupt blob, unknown dictionary, ...). Should be 0.",
     f'sum(increase(squeeze_decode_errors_total{{{I}}}[$__range])) or vector(0)',
     thresholds=[{"color": "green", "value": None}, {"color": "red", "value": 1}])
flush()

# ---------------------------------------------------------------- traffic
row("Traffic and latency")
ts("Queries/s by command and shard", "Client commands per second (COM_QUERY = query, COM_STMT_EXECUTE = stmt_execute, ...).",
   [(f'sum by (command, shard) (rate(squeeze_commands_total{{{IS}}}[{R}]))', "{{command}} @ {{shard}}")], unit="reqps", stack=True)
ts("Queries/s by user (top 10)", "Client commands per second by client user; needs [admin] per_user_metrics = true (users past metrics_label_limit show as other).",
   [(f'topk(10, sum by (user) (rate(squeeze_user_commands_total{{{I}}}[{R}])))', "{{user}}")], unit="reqps", stack=True)
ts("Queries/s by schema (top 10)", "Client commands per second by the session's current database; needs [admin] per_schema_metrics = true.",
   [(f'topk(10, sum by (schema) (rate(squeeze_schema_commands_total{{{I}}}[{R}])))', "{{schema}}")], unit="reqps", stack=True)
ts("Latency p50 / p95 / p99 by shard", "From a client command to the end of its response, as squeeze sees it.",
   [(f'histogram_quantile(0.50, sum by (le, shard) (rate(squeeze_command_duration_seconds_bucket{{{IS}}}[{R}])))', "p50 {{shard}}"),
    (f'histogram_quantile(0.95, sum by (le, shard) (rate(squeeze_command_duration_seconds_bucket{{{IS}}}[{R}])))', "p95 {{shard}}"),
    (f'histogram_quantile(0.99, sum by (le, shard) (rate(squeeze_command_duration_seconds_bucket{{{IS}}}[{R}])))', "p99 {{shard}}")], unit="s")
ts("Latency p99 by command", "p99 per command kind, all selected shards.",
   [(f'histogram_quantile(0.99, sum by (le, command) (rate(squeeze_command_duration_seconds_bucket{{{IS}}}[{R}])))', "{{command}}")], unit="s")
ts("Mean latency by shard", "Average command time per shard.",
   [(f'sum by (shard) (rate(squeeze_command_duration_seconds_sum{{{IS}}}[{R}])) / sum by (shard) (rate(squeeze_command_duration_seconds_count{{{IS}}}[{R}]))', "{{shard}}")], unit="s")
ts("Client connections", "Open client connections, those not logged in yet (bounded by proxy.max_preauth_connections), and accepted connections per second by outcome.",
   [(f'sum(squeeze_connections_active{{{I}}})', "open"),
    (f'sum(squeeze_preauth_connections{{{I}}})', "not logged in yet"),
    (f'sum(squeeze_relayed_logins_in_flight{{{I}}})', "relayed logins holding a server connection"),
    (f'sum by (outcome) (rate(squeeze_connections_total{{{I}}}[{R}]))', "accepted/s {{outcome}}"),
    (f'sum(rate(squeeze_auth_failures_total{{{I}}}[{R}]))', "auth failures/s")])
ts("Client bytes/s", "Bytes on client connections (every packet, LOAD DATA included), by direction.",
   [(f'sum by (direction) (rate(squeeze_client_bytes_total{{{I}}}[{R}]))', "{{direction}}")], unit="Bps")
ts("Backend bytes/s by shard", "Bytes on backend connections (every packet, as sent: compressed where the protocol is), by shard and direction.",
   [(f'sum by (shard, direction) (rate(squeeze_backend_bytes_total{{{IS}}}[{R}]))', "{{shard}} {{direction}}")], unit="Bps")
flush()

# ---------------------------------------------------------------- compression
row("Column compression")
ts("Column bytes/s: raw vs stored", "Bytes of compressed-column values as the client sent them (raw) and as stored in MySQL (stored).",
   [(f'sum by (column) (rate(squeeze_column_bytes_total{{{I}, kind="raw"}}[{R}]))', "raw {{column}}"),
    (f'sum by (column) (rate(squeeze_column_bytes_total{{{I}, kind="stored"}}[{R}]))', "stored {{column}}")], unit="Bps")
ts("Compression ratio per column", "raw / stored bytes per column (higher is better; 3.5 means 71% saved); 0 while the column sees no writes.",
   [(f'sum by (column) (rate(squeeze_column_bytes_total{{{I}, kind="raw"}}[{R}])) / clamp_min(sum by (column) (rate(squeeze_column_bytes_total{{{I}, kind="stored"}}[{R}])), 1)', "{{column}}")],
   unit="none", extra={"decimals": 2})
ts("Space saved per column", "1 - stored/raw per column; 0 while the column sees no writes.",
   [(f'(sum by (column) (rate(squeeze_column_bytes_total{{{I}, kind="raw"}}[{R}])) - sum by (column) (rate(squeeze_column_bytes_total{{{I}, kind="stored"}}[{R}]))) / clamp_min(sum by (column) (rate(squeeze_column_bytes_total{{{I}, kind="raw"}}[{R}])), 1)', "{{column}}")],
   unit="percentunit")
ts("Values/s per column by outcome", "Compressed-column values: compressed, skipped (too small or did not shrink), passed through, inflated ...",
   [(f'sum by (column, outcome) (rate(squeeze_column_values_total{{{I}}}[{R}]))', "{{column}} {{outcome}}")], unit="ops", stack=True)
ts("Codec CPU per column", "CPU seconds per second spent compressing and inflating (1 = one core).",
   [(f'sum by (column, op) (rate(squeeze_codec_seconds_total{{{I}}}[{R}]))', "{{column}} {{op}}")], unit="percentunit")
ts("Decode errors by column and reason", "Stored values that failed to decode.",
   [(f'sum by (column, reason) (rate(squeeze_decode_errors_total{{{I}}}[{R}]))', "{{column}} {{reason}}")], unit="ops")
panels.append({"type": "table", "title": "Dictionaries in use", "description": "Dictionary id each column writes with (squeeze_dictionary_info == 1).",
               "id": nid(), "datasource": DS, "gridPos": place(24, 6),
               "fieldConfig": {"defaults": {}, "overrides": []},
               "options": {"showHeader": True},
               "transformations": [{"id": "organize", "options": {"excludeByName": {"Time": True, "Value": True, "__name__": True, "job": True}}}],
               "targets": [tgt(f'max by (instance, column, dictionary_id) (squeeze_dictionary_info{{{I}}}) == 1', "", "A", instant=True)]})
ts("Write ratio vs trained (drift)", "Ratio of each column's recent writes / the ratio its dictionary reached at training. Below 0.8 for a day: retrain (docs/configuration.md, Drift).",
   [(f'min by (column, dictionary_id) (squeeze_column_ratio_vs_trained{{{I}}})', "{{column}} dict {{dictionary_id}}")],
   unit="none", extra={"decimals": 2})
ts("Write ratio and trained ratio", "raw/stored of recent writes (one window per 256 KiB written) and the dictionary's held-out ratio at training.",
   [(f'min by (column, dictionary_id) (squeeze_column_write_ratio{{{I}}})', "writes {{column}} dict {{dictionary_id}}"),
    (f'min by (column, dictionary_id) (squeeze_dictionary_trained_ratio{{{I}}})', "trained {{column}} dict {{dictionary_id}}")],
   unit="none", extra={"decimals": 2})
ts("Dictionary store", "Dictionaries loaded from squeeze_meta on the shards; 1 per shard whose metadata schema was readable at the last look (0: serving from the dictionaries directory only).",
   [(f'max (squeeze_dictionary_store_dictionaries{{{I}}})', "dictionaries"),
    (f'min by (shard) (squeeze_dictionary_store_up{{{I}}})', "up {{shard}}")], unit="none")
ts("Dictionary store loads and errors", "Loads from the metadata schema by reason (start, poll, unknown_id) and failed store operations by shard and kind.",
   [(f'sum by (reason) (rate(squeeze_dictionary_store_loads_total{{{I}}}[{R}]))', "load {{reason}}"),
    (f'sum by (shard, kind) (rate(squeeze_dictionary_store_errors_total{{{I}}}[{R}]))', "error {{shard}} {{kind}}")], unit="ops")
flush()

# ---------------------------------------------------------------- shards & errors
row("Shards and errors")
panels.append({"type": "state-timeline", "title": "Shard health (backend_up)", "description": "1 = the last health probe of the shard succeeded (also drives /readyz).",
               "id": nid(), "datasource": DS, "gridPos": place(12, 8),
               "fieldConfig": {"defaults": {"min": 0, "max": 1,
                   "mappings": [{"type": "value", "options": {"0": {"text": "DOWN", "color": "red"}, "1": {"text": "UP", "color": "green"}}}],
                   "thresholds": {"mode": "absolute", "steps": [{"color": "red", "value": None}, {"color": "green", "value": 1}]},
                   "color": {"mode": "thresholds"}}, "overrides": []},
               "options": {"showValue": "auto", "mergeValues": True, "rowHeight": 0.8, "legend": {"showLegend": False}},
               "targets": [tgt(f'min by (shard) (squeeze_backend_up{{{IS}}})', "{{shard}}", "A")]})
ts("Backend connections per shard", "Open backend connections (one per session per shard touched).",
   [(f'sum by (shard) (squeeze_backend_connections_active{{{IS}}})', "{{shard}}")])
ts("Backend errors/s by shard and code", "ERR packets the shards returned, by MySQL error code.",
   [(f'sum by (shard, code) (rate(squeeze_backend_errors_total{{{IS}}}[{R}]))', "{{shard}} ERR {{code}}")], unit="ops", stack=True)
ts("Sessions waiting for a backend connection", "Sessions queued for a free connection of the shard (its max_connections are all in use); they fail after connect_timeout_ms.",
   [(f'sum by (shard) (squeeze_backend_slot_waiters{{{IS}}})', "{{shard}}")])
ts("Backend connect failures/s", "Failed backend connection attempts by shard and reason.",
   [(f'sum by (shard, reason) (rate(squeeze_backend_connect_failures_total{{{IS}}}[{R}]))', "{{shard}} {{reason}}")], unit="ops")
ts("Refused statements/s by reason", "Statements squeeze refused (e.g. a JSON function or comparison on a compressed column, a cross-shard statement).",
   [(f'sum by (reason) (rate(squeeze_refused_statements_total{{{I}}}[{R}]))', "{{reason}}")], unit="ops", stack=True)
ts("Values inflated without metadata/s", "The result-side safety net: valid compressed values found in result columns whose metadata named no compressed column. Each is a query shape the analyzer admitted without knowing it carries compressed values; nonzero means a gap to report.",
   [(f'sum(rate(squeeze_inflated_without_metadata_total{{{I}}}[{R}]))', "inflated")], unit="ops")
ts("Protocol errors/s", "Malformed or unexpected traffic, by side (client/backend) and kind.",
   [(f'sum by (side, kind) (rate(squeeze_protocol_errors_total{{{I}}}[{R}]))', "{{side}} {{kind}}")], unit="ops")
flush()

# ---------------------------------------------------------------- bulk loads
row("Bulk loads: adaptive wire compression")
ts("Bulk backend sessions/s by shard and mode", "Backend connections opened for bulk-load sessions (LOAD DATA, configured users/programs, big statements).",
   [(f'sum by (shard, mode) (rate(squeeze_bulk_sessions_total{{{IS}}}[{R}]))', "{{shard}} {{mode}}")], unit="ops")
ts("Adaptive writer queue depth", "Chunks queued in the adaptive writer of the last active bulk connection; chunks are compressed only while it is above the threshold.",
   [(f'max by (shard) (squeeze_adaptive_queue_depth{{{IS}}})', "{{shard}}")])
ts("Bulk chunks/s: compressed vs raw", "Chunks sent on bulk (compressed-protocol) backend connections.",
   [(f'sum by (shard, kind) (rate(squeeze_adaptive_chunks_total{{{IS}}}[{R}]))', "{{shard}} {{kind}}")], unit="ops", stack=True)
ts("Bulk wire bytes/s: before vs after", "Bytes before (packet stream) and after (frames on the wire) wire compression.",
   [(f'sum by (shard, stage) (rate(squeeze_adaptive_wire_bytes_total{{{IS}}}[{R}]))', "{{shard}} {{stage}}")], unit="Bps", w=16)
stat("Bulk wire bytes saved", "1 - after/before over the selected range, all selected shards.",
     f'((sum(increase(squeeze_adaptive_wire_bytes_total{{{IS}, stage="before"}}[$__range])) - sum(increase(squeeze_adaptive_wire_bytes_total{{{IS}, stage="after"}}[$__range]))) / clamp_min(sum(increase(squeeze_adaptive_wire_bytes_total{{{IS}, stage="before"}}[$__range])), 1)) or vector(0)',
     unit="percentunit", w=8, h=8)
ts("Bulk wire compression speed by algorithm", "Packet-stream bytes compressed per CPU second of the adaptive writers, by wire algorithm (zstd where the backend offers it, zlib elsewhere): the codec speed the adaptive policy weighs against the link.",
   [(f'sum by (algorithm) (rate(squeeze_adaptive_compress_input_bytes_total{{{IS}}}[{R}])) / clamp_min(sum by (algorithm) (rate(squeeze_adaptive_compress_seconds_total{{{IS}}}[{R}])), 1e-9)', "{{algorithm}}")], unit="Bps", w=12)
ts("Bulk backend sockets: what limits them", "Share of the time bulk backend sockets had data outstanding (busy) that the backend's receive window limited (rwnd_limited: the server reads slower than the path delivers, so the adaptive policy stays raw) or the send buffer did; busy time outside both is the network (congestion window, pacing), where compressing can pay. From Linux TCP_INFO.",
   [(f'sum by (shard, state) (rate(squeeze_adaptive_socket_seconds_total{{{IS}, state!="busy"}}[{R}])) / ignoring(state) group_left clamp_min(sum by (shard) (rate(squeeze_adaptive_socket_seconds_total{{{IS}, state="busy"}}[{R}])), 1e-9)', "{{shard}} {{state}}")], unit="percentunit", w=12)
flush()

# ---------------------------------------------------------------- process
row("Process")
panels.append({"type": "table", "title": "Build", "description": "Version and git commit of each squeeze instance (squeeze_build_info).",
               "id": nid(), "datasource": DS, "gridPos": place(8, 6),
               "fieldConfig": {"defaults": {}, "overrides": []},
               "options": {"showHeader": True},
               "transformations": [{"id": "organize", "options": {"excludeByName": {"Time": True, "Value": True, "__name__": True, "job": True}}}],
               "targets": [tgt(f'max by (instance, version, commit) (squeeze_build_info{{{I}}})', "", "A", instant=True)]})
ts("Config reloads", "Configuration reloads (SIGHUP or POST /reload) over the range, by outcome; refused ones keep the running configuration (the log and the reload answer say why).",
   [(f'sum by (outcome) (increase(squeeze_config_reloads_total{{{I}}}[$__range]))', "{{outcome}}")], w=16, h=6)
ts("CPU", "CPU seconds per second used by the squeeze process (1 = one core).",
   [(f'sum by (instance) (rate(process_cpu_seconds_total{{job="squeeze", {I}}}[{R}]))', "{{instance}}")], unit="percentunit", w=8)
ts("Memory", "Resident memory of the squeeze process.",
   [(f'sum by (instance) (process_resident_memory_bytes{{job="squeeze", {I}}})', "{{instance}}")], unit="bytes", w=8)
ts("Open file descriptors", "Sockets and files the process holds, against its limit.",
   [(f'sum by (instance) (process_open_fds{{job="squeeze", {I}}})', "open {{instance}}"),
    (f'sum by (instance) (process_max_fds{{job="squeeze", {I}}})', "limit {{instance}}")], w=8)
ts("Admin port", "Admin HTTP connections open, closed unserved (over max_connections, headers or exchange too slow), and 1 where the admin view listens beyond loopback without a token.",
   [(f'sum by (instance) (squeeze_admin_connections_active{{{I}}})', "open {{instance}}"),
    (f'sum by (reason) (rate(squeeze_admin_connections_refused_total{{{I}}}[{R}]))', "refused {{reason}}"),
    (f'max by (instance) (squeeze_admin_open_without_token{{{I}}})', "open without token {{instance}}")], w=12)
ts("Dictionary store events", "Dictionaries met in the metadata store: accepted new ids, and refused ones (not_configured, too_large, changed: bytes differ from the pinned sha256 of the id).",
   [(f'sum by (outcome) (increase(squeeze_dictionary_store_events_total{{{I}}}[$__range]))', "{{outcome}}")], w=12)
flush()

def var(name, label, query):
    return {"name": name, "label": label, "type": "query", "datasource": DS,
            "definition": query, "query": {"query": query, "refId": "PrometheusVariableQueryEditor-VariableQuery", "qryType": 1},
            "refresh": 2, "includeAll": True, "multi": True, "allValue": ".*",
            "current": {"selected": True, "text": ["All"], "value": ["$__all"]}, "sort": 1, "hide": 0, "regex": "", "options": []}

dash = {
    "uid": "squeeze", "title": "squeeze", "description": "squeeze MySQL proxy: traffic, latency, column compression, shards, errors.",
    "tags": ["squeeze", "mysql", "proxy"], "timezone": "browser", "editable": True, "graphTooltip": 1,
    "schemaVersion": 39, "version": 1, "refresh": "10s",
    "time": {"from": "now-1h", "to": "now"},
    "annotations": {"list": [{"builtIn": 1, "datasource": {"type": "grafana", "uid": "-- Grafana --"}, "enable": True, "hide": True,
                              "iconColor": "rgba(0, 211, 255, 1)", "name": "Annotations & Alerts", "type": "dashboard"}]},
    "templating": {"list": [{"name": "datasource", "label": "Prometheus", "type": "datasource", "query": "prometheus",
                             "current": {"selected": False, "text": "Prometheus", "value": DEFAULT_DS_UID},
                             "hide": 0, "refresh": 1, "regex": "", "options": []},
                            var("instance", "squeeze instance", "label_values(squeeze_connections_active, instance)"),
                            var("shard", "shard", "label_values(squeeze_backend_up, shard)")]},
    "panels": panels,
    "links": [],
}
import os
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dashboards", "squeeze.json")
with open(out, "w") as f:
    json.dump(dash, f, indent=2)
    f.write("\n")
print(len(panels), "panels")
