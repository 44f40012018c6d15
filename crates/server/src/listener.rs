//! The listeners' defences, shared by the HTTP API and the course port:
//! a bound on open connections, in all and per client, so that no client
//! can take every descriptor; hyper's header-read timeout, so a half-sent
//! request cannot hold its connection; back-off when accepting fails; and
//! a graceful shutdown (stop accepting, let in-flight requests finish).

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::{ConnectInfo, Request};
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

use crate::security::client_key;

/// How long a client may take to send a request's headers (and how long
/// an idle keep-alive connection stays open).
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// How long in-flight requests may take to finish after a shutdown.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// The pause after a failed accept (out of descriptors, say): the loop must
/// not spin while the cause lasts.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// The open connections of every listener, bounded in all and per client.
pub struct Connections {
    max_total: usize,
    max_per_client: usize,
    open: Mutex<Open>,
}

#[derive(Default)]
struct Open {
    total: usize,
    by_client: HashMap<IpAddr, usize>,
}

/// One admitted connection; it is counted as open until dropped.
pub struct Admission {
    connections: Arc<Connections>,
    client: IpAddr,
}

impl Drop for Admission {
    fn drop(&mut self) {
        let mut open = self.connections.open();
        open.total -= 1;
        if let Some(count) = open.by_client.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                open.by_client.remove(&self.client);
            }
        }
    }
}

impl Connections {
    pub fn new(max_total: usize, max_per_client: usize) -> Arc<Connections> {
        Arc::new(Connections {
            max_total: max_total.max(1),
            max_per_client: max_per_client.max(1),
            open: Mutex::default(),
        })
    }

    /// Counts a new connection from `peer`, or `None` when it is one too
    /// many (the caller closes it at once).
    pub fn admit(self: &Arc<Connections>, peer: IpAddr) -> Option<Arc<Admission>> {
        let client = client_key(peer);
        let mut open = self.open();
        let of_client = open.by_client.get(&client).copied().unwrap_or(0);
        if open.total >= self.max_total {
            crate::metrics::refused("connections");
            return None;
        }
        if of_client >= self.max_per_client {
            crate::metrics::refused("connections_per_client");
            return None;
        }
        open.total += 1;
        open.by_client.insert(client, of_client + 1);
        Some(Arc::new(Admission {
            connections: self.clone(),
            client,
        }))
    }

    fn open(&self) -> std::sync::MutexGuard<'_, Open> {
        self.open.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// How many connections are open now.
    pub fn total(&self) -> usize {
        self.open().total
    }
}

/// The most connections this process can hold open: its descriptor limit,
/// raised to the hard limit, less a reserve for the database, log files
/// and the listeners themselves.
pub fn descriptor_budget() -> usize {
    const RESERVE: u64 = 64;
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write `limit`.
    let soft = unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return 1024 - RESERVE as usize;
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit {
                rlim_cur: limit.rlim_max,
                rlim_max: limit.rlim_max,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit = raised;
            }
        }
        limit.rlim_cur
    };
    usize::try_from(soft.saturating_sub(RESERVE).max(RESERVE)).unwrap_or(usize::MAX)
}

/// Returns once `stopping` is raised (or its sender is gone).
pub async fn stopped(stopping: &mut watch::Receiver<bool>) {
    let _ = stopping.wait_for(|stop| *stop).await;
}

/// Accepts the next connection that may be admitted; `None` once
/// `shutdown` is raised.
pub async fn accept(
    listener: &TcpListener,
    connections: &Arc<Connections>,
    shutdown: &mut watch::Receiver<bool>,
    name: &str,
) -> Option<(TcpStream, SocketAddr, Arc<Admission>)> {
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stopped(shutdown) => return None,
        };
        match accepted {
            Ok((stream, peer)) => match connections.admit(peer.ip()) {
                Some(admission) => return Some((stream, peer, admission)),
                None => {
                    tracing::debug!("{name}: refused a connection from {peer}: too many open");
                    drop(stream);
                }
            },
            Err(error) => {
                tracing::warn!("{name}: accept: {error}");
                tokio::time::sleep(ACCEPT_BACKOFF).await;
            }
        }
    }
}

/// Serves `router` on `listener` until `shutdown` is raised, then waits
/// (up to a grace period) for in-flight requests to finish. Each request
/// carries its client's address (`ConnectInfo`) and its connection's
/// [`Admission`], which a WebSocket keeps for as long as it lives.
pub async fn serve_http(
    listener: TcpListener,
    router: Router,
    connections: Arc<Connections>,
    mut shutdown: watch::Receiver<bool>,
) {
    let graceful = GracefulShutdown::new();
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT);
    builder
        .http2()
        .timer(TokioTimer::new())
        .keep_alive_interval(HEADER_TIMEOUT)
        .keep_alive_timeout(HEADER_TIMEOUT);
    while let Some((stream, peer, admission)) =
        accept(&listener, &connections, &mut shutdown, "http").await
    {
        let router = router.clone();
        let held = admission.clone();
        let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            request.extensions_mut().insert(held.clone());
            let router = router.clone();
            async move { Ok::<_, Infallible>(IntoOk::into_ok(router.oneshot(request).await)) }
        });
        let connection = builder
            .serve_connection_with_upgrades(TokioIo::new(stream), service)
            .into_owned();
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!("http connection from {peer}: {error}");
            }
            drop(admission);
        });
    }
    drop(listener);
    let finished = async {
        graceful.shutdown().await;
        // Live sockets (WebSocket, course) hold their admission until they
        // have sent their closing reason.
        while connections.total() > 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    if tokio::time::timeout(SHUTDOWN_GRACE, finished)
        .await
        .is_err()
    {
        tracing::warn!(
            "{} connections still open after {SHUTDOWN_GRACE:?}; closing",
            connections.total()
        );
    }
}

/// `Result<T, Infallible>` without the error.
trait IntoOk<T> {
    fn into_ok(self) -> T;
}

impl<T> IntoOk<T> for Result<T, Infallible> {
    fn into_ok(self) -> T {
        match self {
            Ok(value) => value,
            Err(never) => match never {},
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_are_bounded_per_client_and_in_all_and_counted_until_dropped() {
        let connections = Connections::new(3, 2);
        let one: IpAddr = "10.0.0.1".parse().unwrap();
        let two: IpAddr = "10.0.0.2".parse().unwrap();
        let first = connections.admit(one).unwrap();
        let _second = connections.admit(one).unwrap();
        assert!(connections.admit(one).is_none(), "a third from one client");
        let _third = connections.admit(two).unwrap();
        assert!(connections.admit(two).is_none(), "a fourth in all");
        drop(first);
        assert!(
            connections.admit(one).is_some(),
            "a closed one frees its place"
        );
    }

    #[test]
    fn one_ipv6_client_is_its_64_bit_prefix() {
        let connections = Connections::new(10, 1);
        let _held = connections.admit("2001:db8::1".parse().unwrap()).unwrap();
        assert!(connections.admit("2001:db8::2".parse().unwrap()).is_none());
        assert!(connections
            .admit("2001:db8:0:1::1".parse().unwrap())
            .is_some());
    }
}
