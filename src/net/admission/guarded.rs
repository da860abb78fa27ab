//! A connection's socket that the server can close whatever the SSH
//! session is doing (waiting for the client's banner, in the middle of a
//! key exchange, between login tries): at its login deadline, or when
//! its [`Admission`](super::Admission) closes it to make room. Closed, it
//! reads as the end of the stream and refuses writes, so the session ends
//! and the socket is dropped.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::oneshot;
use tokio::time::Sleep;

use super::Verdict;

/// A stream closed at its deadline unless logged in, or when told to.
#[derive(Debug)]
pub struct Guarded<S> {
    inner: S,
    /// The verdict to come; `None` once it came.
    verdict: Option<oneshot::Receiver<Verdict>>,
    /// The login deadline; `None` once logged in.
    deadline: Option<Pin<Box<Sleep>>>,
    closed: bool,
}

impl<S> Guarded<S> {
    /// `inner`, closed when `verdict` says so, or after `grace` unless
    /// `verdict` says first that the connection logged in.
    pub fn new(inner: S, verdict: oneshot::Receiver<Verdict>, grace: Duration) -> Guarded<S> {
        Guarded {
            inner,
            verdict: Some(verdict),
            deadline: Some(Box::pin(tokio::time::sleep(grace))),
            closed: false,
        }
    }

    /// Whether the stream is closed now (registering `cx` to be woken
    /// when it closes).
    fn is_closed(&mut self, cx: &mut Context<'_>) -> bool {
        if self.closed {
            return true;
        }
        if let Some(verdict) = &mut self.verdict {
            match Pin::new(verdict).poll(cx) {
                Poll::Ready(Ok(Verdict::LoggedIn)) => {
                    self.verdict = None;
                    self.deadline = None;
                }
                // Closed to make room, or its admission gone.
                Poll::Ready(Ok(Verdict::Close) | Err(_)) => {
                    self.verdict = None;
                    self.closed = true;
                }
                Poll::Pending => {}
            }
        }
        if let Some(deadline) = &mut self.deadline
            && deadline.as_mut().poll(cx).is_ready()
        {
            self.deadline = None;
            self.closed = true;
        }
        self.closed
    }
}

fn closed() -> io::Error {
    io::Error::new(io::ErrorKind::ConnectionAborted, "closed by the server")
}

impl<S: AsyncRead + Unpin> AsyncRead for Guarded<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        if self.is_closed(cx) {
            // The end of the stream: nothing read.
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Guarded<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        if self.is_closed(cx) {
            return Poll::Ready(Err(closed()));
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if self.is_closed(cx) {
            return Poll::Ready(Err(closed()));
        }
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

    use super::*;

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
    }

    #[test]
    fn a_stream_told_to_close_ends_and_refuses_writes() {
        runtime().block_on(async {
            let (near, mut far) = tokio::io::duplex(64);
            let (tx, rx) = oneshot::channel();
            let mut guarded = Guarded::new(near, rx, Duration::from_secs(3600));
            far.write_all(b"hi").await.unwrap();
            let mut two = [0; 2];
            guarded.read_exact(&mut two).await.unwrap();
            assert_eq!(&two, b"hi");
            // A read waiting for the client ends when the stream is closed.
            let reading = tokio::spawn(async move {
                let mut rest = Vec::new();
                let read = guarded.read_to_end(&mut rest).await;
                (read.ok(), guarded)
            });
            tx.send(Verdict::Close).unwrap();
            let (read, mut guarded) = reading.await.unwrap();
            assert_eq!(read, Some(0), "the end of the stream");
            assert!(guarded.write_all(b"x").await.is_err());
        });
    }

    #[test]
    fn a_logged_in_stream_has_no_deadline() {
        runtime().block_on(async {
            let (near, mut far) = tokio::io::duplex(64);
            let (tx, rx) = oneshot::channel();
            let mut guarded = Guarded::new(near, rx, Duration::from_millis(1));
            tx.send(Verdict::LoggedIn).unwrap();
            let mut waker = std::task::Context::from_waker(std::task::Waker::noop());
            assert!(!guarded.is_closed(&mut waker));
            assert!(guarded.deadline.is_none(), "the deadline is gone");
            far.write_all(b"ok").await.unwrap();
            let mut two = [0; 2];
            guarded.read_exact(&mut two).await.unwrap();
            assert_eq!(&two, b"ok");
        });
    }

    #[test]
    fn a_stream_not_logged_in_is_closed_at_its_deadline() {
        runtime().block_on(async {
            let (near, _far) = tokio::io::duplex(64);
            let (_tx, rx) = oneshot::channel();
            let mut guarded = Guarded::new(near, rx, Duration::from_millis(1));
            let mut rest = Vec::new();
            // Nothing is ever written: only the deadline ends this read.
            let read =
                tokio::time::timeout(Duration::from_secs(30), guarded.read_to_end(&mut rest))
                    .await
                    .expect("the deadline closes the stream");
            assert_eq!(read.ok(), Some(0));
        });
    }
}
