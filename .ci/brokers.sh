#!/usr/bin/env bash
# Starts or stops RabbitMQ and Redis on loopback for the tests, as ../shared/BROKERS.md describes.
# Usage: source .ci/brokers.sh start   (exports HSIM_AMQP_URL, HSIM_REDIS_URL)   |   bash .ci/brokers.sh stop
# State (logs, PID files) lives under $HSIM_BROKER_DIR (default /tmp/hsim-brokers).
S="${HSIM_BROKER_DIR:-/tmp/hsim-brokers}"

hsim_rabbit_env() {
  export HOME="$S/home" RABBITMQ_NODENAME=ci@localhost RABBITMQ_NODE_IP_ADDRESS=127.0.0.1 \
    RABBITMQ_NODE_PORT=27672 RABBITMQ_DIST_PORT=27673 ERL_EPMD_ADDRESS=127.0.0.1 ERL_EPMD_PORT=24369 \
    RABBITMQ_MNESIA_BASE="$S/mnesia" RABBITMQ_LOG_BASE="$S/log" RABBITMQ_PID_FILE="$S/rabbit.pid" \
    RABBITMQ_CONFIG_FILE="$S/rabbitmq.conf" RABBITMQ_ENABLED_PLUGINS_FILE="$S/enabled_plugins" \
    RABBITMQ_CONF_ENV_FILE="$S/rabbitmq-env.conf" \
    RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS='-kernel inet_dist_use_interface {127,0,0,1}' \
    RABBITMQ_CTL_ERL_ARGS='-kernel inet_dist_use_interface {127,0,0,1}'
}

hsim_brokers_start() {
  mkdir -p "$S/home" "$S/mnesia" "$S/log"
  redis-server --port 26379 --bind 127.0.0.1 --save '' --appendonly no --dir "$S" > "$S/redis.log" 2>&1 &
  echo $! > "$S/redis.pid"
  for _ in $(seq 1 100); do redis-cli -p 26379 ping > /dev/null 2>&1 && break; sleep 0.1; done
  redis-cli -p 26379 ping > /dev/null || { echo "brokers: redis did not start" >&2; return 1; }
  echo 'log.console = false' > "$S/rabbitmq.conf"
  echo '[].' > "$S/enabled_plugins"
  : > "$S/rabbitmq-env.conf"
  (
    hsim_rabbit_env
    /usr/lib/rabbitmq/bin/rabbitmq-server > "$S/rabbit.out" 2>&1 &
    echo $! > "$S/rabbit.shell.pid"
    /usr/lib/rabbitmq/bin/rabbitmqctl -q wait --timeout 90 "$S/rabbit.pid"
  ) || { echo "brokers: rabbitmq did not start (see $S/rabbit.out)" >&2; return 1; }
  # rabbitmqctl with this node's environment, for tests that stop and restart the broker's application.
  { echo '#!/usr/bin/env bash'; declare -f hsim_rabbit_env; echo "S='$S'"; echo 'hsim_rabbit_env'; echo 'exec /usr/lib/rabbitmq/bin/rabbitmqctl "$@"'; } > "$S/rabbitmqctl"
  chmod +x "$S/rabbitmqctl"
  export HSIM_REDIS_URL=redis://127.0.0.1:26379
  export HSIM_AMQP_URL=amqp://guest:guest@127.0.0.1:27672
  export HSIM_RABBITMQCTL="$S/rabbitmqctl"
  echo "brokers: redis on 26379, rabbitmq on 27672 (state in $S)"
}

hsim_brokers_stop() {
  local pids=() p
  for f in rabbit.shell.pid rabbit.pid redis.pid; do
    [ -f "$S/$f" ] && pids+=("$(cat "$S/$f" 2> /dev/null)")
  done
  for p in "${pids[@]}"; do kill "$p" 2> /dev/null || true; done
  # Wait for them to exit (RabbitMQ writes its state while it shuts down, so removing $S earlier races it); after
  # 30 s, kill what is left.
  for _ in $(seq 1 300); do
    local alive=0
    for p in "${pids[@]}"; do kill -0 "$p" 2> /dev/null && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  for p in "${pids[@]}"; do kill -9 "$p" 2> /dev/null || true; done
  # The epmd that RabbitMQ started survives it: stop it by the PID listening on its port.
  local epmd
  epmd=$(ss -ltnpH "sport = :24369" 2> /dev/null | sed -n 's/.*pid=\([0-9]*\).*/\1/p' | head -1)
  [ -n "$epmd" ] && kill "$epmd" 2> /dev/null || true
  rm -f "$S"/*.pid
}

case "${1:-}" in
  start) hsim_brokers_start ;;
  stop) hsim_brokers_stop ;;
  *) echo "usage: source .ci/brokers.sh start | bash .ci/brokers.sh stop" >&2 ;;
esac
