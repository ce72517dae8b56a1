#!/usr/bin/env bash
# Validates the deployment artifacts (docker-compose.yml, deploy/**) on a
# machine without Docker: promtool, squeeze check-config, and the
# tests/deploy.rs integration test (real MariaDB + squeeze + Prometheus,
# every dashboard query evaluated). With Docker present it also runs
# `docker compose config`.
#
#   bash scripts/validate-deploy.sh
#
# Needs: apt-get install -y prometheus mariadb-server mariadb-client
set -euo pipefail
cd "$(dirname "$0")/.."

for bin in promtool prometheus mariadbd mariadb-install-db mariadb; do
  if ! command -v "$bin" >/dev/null 2>&1 && [ ! -x "/usr/sbin/$bin" ]; then
    echo "validate-deploy: $bin missing: apt-get install -y prometheus mariadb-server mariadb-client" >&2
    exit 1
  fi
done

echo "== promtool check config"
promtool check config deploy/prometheus/prometheus.yml
promtool check rules deploy/prometheus/alerts.yml

echo "== dashboard JSON"
python3 -m json.tool deploy/grafana/dashboards/squeeze.json >/dev/null && echo "deploy/grafana/dashboards/squeeze.json: ok"

echo "== squeeze check-config --offline"
# Offline: the password secrets, the CA file and the dictionaries exist only
# where squeeze runs (env, mounts); run plain check-config there.
cargo build -j2 --bin squeeze -q
for f in deploy/squeeze/squeeze.toml deploy/squeeze/sidecar.toml proxy-config/squeeze.example.toml; do
  target/debug/squeeze check-config --offline "$f"
done

if command -v docker >/dev/null 2>&1 && docker compose version >/dev/null 2>&1; then
  echo "== docker compose config"
  docker compose -f docker-compose.yml config --quiet && echo "docker-compose.yml: ok"
fi

echo "== cargo test --test deploy"
cargo test -j2 --test deploy -- --test-threads=2
