#!/usr/bin/env python3
"""free_port.py [N]: prints N distinct TCP ports (default 1) on 127.0.0.1 that nothing holds
right now, each checked by a bind (not a connect), all below the kernel's ephemeral range.

Why below it: a connect poll of a port in that range can reach itself (a TCP self-connect) and
see a server that is not there, and any program's outgoing connection can take such a port
between this check and the server's bind. The suites' one port picker: tests/lib.sh
(free_port), tests/slurm/run.sh and tests/web/broken.mjs call it.
"""
import random
import socket
import sys


def ephemeral_low():
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def bindable(port):
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", port))
        return True
    except OSError:
        return False
    finally:
        s.close()


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    low = max(ephemeral_low(), 10001)
    ports = []
    for _ in range(1000 * count):
        port = random.randrange(10000, low)
        if port not in ports and bindable(port):
            ports.append(port)
            if len(ports) == count:
                print(" ".join(map(str, ports)))
                return 0
    print("free_port.py: no free port below %d" % low, file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
