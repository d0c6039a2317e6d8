"""The quiet local server: a browser that drops a connection mid-response leaves no traceback on stderr."""

from __future__ import annotations

import socket
import struct
import time
from urllib.parse import urlsplit

from tools.local_server import serve


def test_a_client_that_resets_its_connection_is_not_reported(tmp_path, capsys) -> None:
    (tmp_path / "big.bin").write_bytes(b"x" * 8_000_000)  # more than the socket buffers hold
    with serve(tmp_path) as base:
        address = urlsplit(base)
        client = socket.create_connection((address.hostname, address.port))
        client.sendall(b"GET /big.bin HTTP/1.0\r\nHost: x\r\n\r\n")
        client.recv(1024)
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close with a reset
        client.close()
        time.sleep(0.5)  # the server thread meets the reset while sending
    assert "Traceback" not in capsys.readouterr().err
