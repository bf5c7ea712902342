#!/usr/bin/env python3
"""Opens keep-alive HTTP/1.1 connections to a hello target, asks GET /hello once on each, and
holds them idle until told to stop. Used by bench/idle-connections.sh, one process per source
address, so that no process comes near the per-process file-descriptor limit.

Protocol with the script, one line each on stdout:
  OPENED n=.. ok=.. non200=.. refused=.. reset=.. closed=.. timeout=.. error=.. seconds=..
      once every connection has an outcome (ok: a 200 came back and the connection is held);
  PROBE ok=K/N      after SIGUSR1: GET /hello again on up to --probe held connections;
  CLOSED held=.. closed_by_server=..
      after SIGTERM/SIGINT or --hold-max seconds: everything is closed, exit 0.
Connections that got no answer within --timeout stay open (they may sit in the server's accept
queue) until the end, so that the server stays at its limit while the script watches it.
"""
import argparse
import errno
import resource
import selectors
import signal
import socket
import sys
import time

CONNECTING, AWAITING, HELD, FAILED = range(4)


class Connection:
    __slots__ = ("sock", "state", "buffer", "started")

    def __init__(self, sock):
        self.sock = sock
        self.state = CONNECTING
        self.buffer = b""
        self.started = time.monotonic()


def parse_response(buffer):
    """Returns the status of the complete response at the start of buffer, or None if incomplete."""
    head_end = buffer.find(b"\r\n\r\n")
    if head_end < 0:
        return None
    lines = buffer[:head_end].split(b"\r\n")
    status = int(lines[0].split(b" ")[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    if len(buffer) < head_end + 4 + length:
        return None
    return status


class Client:
    def __init__(self, args):
        self.args = args
        self.request = ("GET /hello HTTP/1.1\r\nHost: %s:%d\r\n\r\n" % (args.host, args.port)).encode("ascii")
        self.selector = selectors.DefaultSelector()
        self.counts = dict(ok=0, non200=0, refused=0, reset=0, closed=0, timeout=0, error=0)
        self.held = []
        self.unanswered = []  # kept open until the end, see the module comment
        self.closed_by_server = 0
        self.stop = False
        self.probe_requested = False

    def fail(self, conn, outcome, keep_open=False):
        self.counts[outcome] += 1
        conn.state = FAILED
        try:
            self.selector.unregister(conn.sock)
        except (KeyError, ValueError):
            pass
        if keep_open:
            self.unanswered.append(conn)
        else:
            conn.sock.close()

    def start_one(self):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        conn = Connection(sock)
        try:
            sock.bind((self.args.source, 0))
            code = sock.connect_ex((self.args.host, self.args.port))
        except OSError:
            self.counts["error"] += 1
            sock.close()
            return None
        if code not in (0, errno.EINPROGRESS):
            self.counts["refused" if code == errno.ECONNREFUSED else "error"] += 1
            sock.close()
            return None
        self.selector.register(sock, selectors.EVENT_WRITE, conn)
        return conn

    def on_event(self, conn, mask):
        if conn.state == CONNECTING:
            code = conn.sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
            if code != 0:
                self.fail(conn, "refused" if code == errno.ECONNREFUSED else "error")
                return
            try:
                conn.sock.send(self.request)
            except OSError:
                self.fail(conn, "reset")
                return
            conn.state = AWAITING
            self.selector.modify(conn.sock, selectors.EVENT_READ, conn)
        elif conn.state == AWAITING:
            try:
                data = conn.sock.recv(4096)
            except ConnectionResetError:
                self.fail(conn, "reset")
                return
            except OSError:
                self.fail(conn, "error")
                return
            if not data:
                self.fail(conn, "closed")
                return
            conn.buffer += data
            try:
                status = parse_response(conn.buffer)
            except (ValueError, IndexError):
                self.fail(conn, "error")
                return
            if status is None:
                return
            conn.buffer = b""
            if status != 200:
                self.fail(conn, "non200")
                return
            conn.state = HELD
            self.counts["ok"] += 1
            self.held.append(conn)
        elif conn.state == HELD:
            # A held connection is readable only if the server closed it (or said something unasked).
            self.closed_by_server += 1
            conn.state = FAILED
            self.selector.unregister(conn.sock)
            conn.sock.close()

    def open_all(self):
        started = time.monotonic()
        deadline = started + self.args.open_timeout
        to_open = self.args.count
        pending = []
        while (to_open > 0 or pending) and time.monotonic() < deadline and not self.stop:
            while to_open > 0 and len(pending) < self.args.concurrency:
                to_open -= 1
                conn = self.start_one()
                if conn is not None:
                    pending.append(conn)
            for key, mask in self.selector.select(timeout=0.05):
                self.on_event(key.data, mask)
            now = time.monotonic()
            still = []
            for conn in pending:
                if conn.state in (CONNECTING, AWAITING):
                    if now - conn.started > self.args.timeout:
                        self.fail(conn, "timeout", keep_open=True)
                    else:
                        still.append(conn)
            pending = still
        for conn in pending:
            self.fail(conn, "timeout", keep_open=True)
        self.counts["timeout"] += to_open  # never even tried: the open phase ran out of time
        print("OPENED n=%d %s seconds=%.1f" % (self.args.count, " ".join("%s=%d" % kv for kv in self.counts.items()),
                                                time.monotonic() - started), flush=True)

    def probe(self):
        """GET /hello again on up to --probe held connections: do they still answer?"""
        targets = [conn for conn in self.held if conn.state == HELD][: self.args.probe]
        answered = 0
        for conn in targets:
            self.selector.unregister(conn.sock)
            conn.sock.setblocking(True)
            conn.sock.settimeout(10)
            try:
                conn.sock.sendall(self.request)
                buffer = b""
                status = None
                while status is None:
                    data = conn.sock.recv(4096)
                    if not data:
                        break
                    buffer += data
                    status = parse_response(buffer)
                if status == 200:
                    answered += 1
            except OSError:
                pass
            conn.sock.setblocking(False)
            self.selector.register(conn.sock, selectors.EVENT_READ, conn)
        print("PROBE ok=%d/%d" % (answered, len(targets)), flush=True)

    def hold(self):
        deadline = time.monotonic() + self.args.hold_max
        while not self.stop and time.monotonic() < deadline:
            for key, mask in self.selector.select(timeout=0.2):
                self.on_event(key.data, mask)
            if self.probe_requested:
                self.probe_requested = False
                self.probe()

    def close_all(self):
        held = sum(1 for conn in self.held if conn.state == HELD)
        for conn in self.held + self.unanswered:
            conn.sock.close()
        print("CLOSED held=%d closed_by_server=%d" % (held, self.closed_by_server), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--source", default="127.0.0.2", help="local address to connect from")
    parser.add_argument("--count", type=int, required=True, help="connections to open")
    parser.add_argument("--concurrency", type=int, default=64, help="connections being opened at once")
    parser.add_argument("--timeout", type=float, default=15, help="seconds a connection may take to get its answer")
    parser.add_argument("--open-timeout", type=float, default=300, help="seconds the whole open phase may take")
    parser.add_argument("--hold-max", type=float, default=900, help="seconds to hold at most, whatever happens")
    parser.add_argument("--probe", type=int, default=10, help="held connections asked again on SIGUSR1")
    parser.add_argument("--no-hold", action="store_true", help="close everything right after the open phase")
    args = parser.parse_args()

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if args.count + 64 > hard:
        sys.exit("idle_client: %d connections need more than the %d file descriptors a process may hold" % (args.count, hard))
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    client = Client(args)

    def on_stop(signum, frame):
        client.stop = True

    def on_probe(signum, frame):
        client.probe_requested = True

    signal.signal(signal.SIGTERM, on_stop)
    signal.signal(signal.SIGINT, on_stop)
    signal.signal(signal.SIGUSR1, on_probe)

    client.open_all()
    if not args.no_hold:
        client.hold()
    client.close_all()


if __name__ == "__main__":
    main()
