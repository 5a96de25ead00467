#!/usr/bin/env python3
"""A real SMTP server on loopback that keeps every message it receives as a file.

The Swift tests (and later the browser tests) send mail to it through the kernel's
own SMTP client and read back what arrived. Started by scripts/lib/smtp_sink.sh:

    smtp_sink.py --port P --maildir DIR [--smtps-port Q] [--cert-dir DIR]

- port P speaks SMTP; with --cert-dir it offers STARTTLS (a self-signed certificate
  for 127.0.0.1 and localhost, made at start with openssl and written to
  CERT_DIR/cert.pem so a test can trust exactly that certificate);
- port Q (optional, needs --cert-dir) speaks SMTP over implicit TLS (smtps://) and
  offers only AUTH LOGIN, port P both PLAIN and LOGIN (a client prefers PLAIN, so
  between them both mechanisms are used);
- AUTH accepts only the test user (SINK_USER / SINK_PASSWORD below);
  mail is accepted without AUTH too, and each file says whether AUTH and TLS were used;
- RCPT TO an address at rejected.example is answered 550 (a permanent refusal).

Each message is written to DIR as NNNNNN.eml: the bytes the client sent after DATA,
preceded by X-Sink-* headers with the envelope (MAIL FROM, RCPT TO), the AUTH user
and whether the session was encrypted. A file is written under a temporary name and
renamed, so a reader never sees half a message. "ready" is printed once every port
answers.
"""

import argparse
import itertools
import os
import signal
import ssl
import subprocess
import sys
import threading

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

SINK_USER = "hromada"
SINK_PASSWORD = "sink-secret"
# Recipients at this domain are refused for good (550), as a mailbox that does not exist.
REJECTED_DOMAIN = "rejected.example"


def authenticate(server, session, envelope, mechanism, auth_data):
    accepted = (
        isinstance(auth_data, LoginPassword)
        and auth_data.login == SINK_USER.encode()
        and auth_data.password == SINK_PASSWORD.encode()
    )
    return AuthResult(success=accepted, handled=False, auth_data=auth_data)


class MaildirHandler:
    def __init__(self, maildir):
        self.maildir = maildir
        self.counter = itertools.count(1)
        self.lock = threading.Lock()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower().endswith("@" + REJECTED_DOMAIN):
            return "550 5.1.1 No such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        user = session.auth_data.login.decode() if isinstance(session.auth_data, LoginPassword) else "-"
        # session.ssl is set by STARTTLS; an implicit-TLS connection shows in its transport.
        encrypted = session.ssl is not None or server.transport.get_extra_info("ssl_object") is not None
        headers = (
            f"X-Sink-Mail-From: {envelope.mail_from}\r\n"
            f"X-Sink-Rcpt-To: {', '.join(envelope.rcpt_tos)}\r\n"
            f"X-Sink-Auth-User: {user}\r\n"
            f"X-Sink-TLS: {'yes' if encrypted else 'no'}\r\n"
        ).encode()
        with self.lock:
            number = next(self.counter)
        name = os.path.join(self.maildir, f"{number:06d}.eml")
        with open(name + ".tmp", "wb") as out:
            out.write(headers + envelope.original_content)
        os.rename(name + ".tmp", name)
        return "250 Message accepted for delivery"


def make_certificate(cert_dir):
    """A self-signed certificate for 127.0.0.1 and localhost; returns a server context."""
    cert, key = os.path.join(cert_dir, "cert.pem"), os.path.join(cert_dir, "key.pem")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
         "-keyout", key, "-out", cert],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--maildir", required=True)
    parser.add_argument("--smtps-port", type=int)
    parser.add_argument("--cert-dir")
    args = parser.parse_args()
    if args.smtps_port and not args.cert_dir:
        parser.error("--smtps-port needs --cert-dir")
    os.makedirs(args.maildir, exist_ok=True)

    handler = MaildirHandler(args.maildir)
    tls = make_certificate(args.cert_dir) if args.cert_dir else None
    common = dict(handler=handler, hostname="127.0.0.1", authenticator=authenticate, auth_require_tls=False)
    controllers = [Controller(port=args.port, tls_context=tls, **common)]
    if args.smtps_port:
        # Only AUTH LOGIN here (PLAIN on the other port), so clients get to use both.
        controllers.append(Controller(port=args.smtps_port, ssl_context=tls, auth_exclude_mechanism=["PLAIN"], **common))
    for controller in controllers:
        controller.start()
    print("ready", flush=True)

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    for controller in controllers:
        controller.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
