//! The SSH side of the server: the accept loop (connections bounded by the
//! [`Gate`]), logins (open, a password, or authorized keys; failures rate
//! limited by address), and each session channel handed to a front-end on
//! a thread of its own. No shell, no subsystem, no forwarding: an exec
//! request's command is only ever read as a lobby command.

use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::mpsc::Sender;

use russh::keys::PublicKey;
use russh::server::{Auth, ChannelOpenHandle, Handler, Msg, Session};
use russh::{Channel, ChannelId, Pty};

use super::limits::{Failures, Input, Limits, LineBuffer};
use super::lobby::{self, Screen};
use super::rooms::Rooms;
use super::stopping::{STOPPING, Stopping};
use super::terminal::Terminal;

/// Who may log in.
#[derive(Clone, Debug)]
pub enum Access {
    /// Anyone, with any user name.
    Open,
    /// Anyone who gives this password.
    Password(String),
    /// Anyone holding one of these keys.
    Keys(Vec<PublicKey>),
}

/// The terminal a client asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PtyInfo {
    /// Its columns (0 when the client did not say).
    pub columns: u32,
    /// Its rows.
    pub rows: u32,
    /// Whether it shows colour (its `TERM` is not `dumb`).
    pub color: bool,
}

/// What every connection shares.
#[derive(Debug)]
pub struct Shared {
    /// Who may log in.
    pub access: Access,
    /// The games.
    pub rooms: Arc<Rooms>,
    /// The failed logins by address.
    pub failures: Failures,
    /// The bounds.
    pub limits: Limits,
    /// The connections open, to stop them all.
    pub stopping: Arc<Stopping>,
}

/// The front-end a session channel gets: with a terminal, the lobby in
/// lines ending `\r\n` and the games full screen; without one (`ssh -T`,
/// a pipe, an exec request's output), lines only.
pub fn front_end_for(pty: Option<PtyInfo>) -> FrontEnd {
    match pty {
        Some(pty) => FrontEnd::Terminal(pty),
        None => FrontEnd::Lines,
    }
}

/// A front-end of the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrontEnd {
    /// The line mode ([`lobby`]), lines ending with `\n`.
    Lines,
    /// The lobby in lines ending with `\r\n`, the games full screen
    /// ([`Terminal`]) on this terminal.
    Terminal(PtyInfo),
}

struct Channelled {
    buffer: LineBuffer,
    pty: Option<PtyInfo>,
    input: Option<Sender<Input>>,
    terminal: Option<Arc<Terminal>>,
}

impl Drop for Channelled {
    fn drop(&mut self) {
        // A game on screen ends with the channel, however it went.
        if let Some(terminal) = &self.terminal {
            terminal.close();
        }
        // The screen holds a sender of the input too (its wake): the input
        // ends by word, not by its senders all gone.
        if let Some(input) = self.input.take() {
            let _ = input.send(Input::End);
        }
    }
}

/// One connection.
pub struct Client {
    shared: Arc<Shared>,
    address: IpAddr,
    user: String,
    channels: BTreeMap<ChannelId, Channelled>,
}

impl Client {
    /// A connection from `address`.
    pub fn new(shared: Arc<Shared>, address: IpAddr) -> Client {
        Client {
            shared,
            address,
            user: String::new(),
            channels: BTreeMap::new(),
        }
    }

    fn accept(&mut self, user: &str) -> Auth {
        self.user = user_name(user);
        Auth::Accept
    }

    fn refuse(&self) -> Auth {
        self.shared.failures.failed(self.address);
        Auth::reject()
    }

    /// Starts the front-end of `channel`, its first command `command`.
    fn start(&mut self, channel: ChannelId, command: Option<String>, session: &mut Session) {
        let Some(state) = self.channels.get_mut(&channel) else {
            return;
        };
        if state.input.is_some() {
            return;
        }
        let (input, lines) = std::sync::mpsc::channel();
        let wake = input.clone();
        state.input = Some(input);
        let terminal = match front_end_for(state.pty) {
            FrontEnd::Lines => None,
            FrontEnd::Terminal(pty) => {
                Some(Arc::new(Terminal::new(pty.columns, pty.rows, pty.color)))
            }
        };
        state.terminal.clone_from(&terminal);
        let (out, mut outgoing) = tokio::sync::mpsc::channel::<Vec<u8>>(64);
        let handle = session.handle();
        let (status, exit_status) = tokio::sync::oneshot::channel::<u32>();
        let registered = self
            .shared
            .stopping
            .register(wake.clone(), terminal.clone());
        tokio::spawn(async move {
            // The connection counts as open until its last word is sent.
            let _registered = registered;
            while let Some(bytes) = outgoing.recv().await {
                if handle.data(channel, bytes).await.is_err() {
                    return;
                }
            }
            let code = exit_status.await.unwrap_or(0);
            let _ = handle.exit_status_request(channel, code).await;
            let _ = handle.eof(channel).await;
            let _ = handle.close(channel).await;
        });
        let (user, rooms) = (self.user.clone(), Arc::clone(&self.shared.rooms));
        let stopping = Arc::clone(&self.shared.stopping);
        std::thread::spawn(move || {
            let screen = match terminal {
                Some(terminal) => Screen::new(out, true).with_terminal(terminal),
                None => Screen::new(out, false),
            }
            .with_wake(wake);
            let code = lobby::run(&user, &rooms, &lines, &screen, command.as_deref());
            if stopping.is_stopping() {
                screen.say(STOPPING);
            }
            // The screen goes first: its channel closing ends the output.
            drop(screen);
            let _ = status.send(code);
        });
    }
}

/// The user name as the game shows it: letters, digits, `-`, `_` and `.`,
/// at most 32 of them (`guest` if none is left).
fn user_name(user: &str) -> String {
    let name: String = user
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .take(32)
        .collect();
    if name.is_empty() {
        "guest".to_string()
    } else {
        name
    }
}

impl Handler for Client {
    type Error = russh::Error;

    async fn auth_none(&mut self, user: &str) -> Result<Auth, Self::Error> {
        Ok(match self.shared.access {
            Access::Open => self.accept(user),
            _ => Auth::reject(),
        })
    }

    async fn auth_password(&mut self, user: &str, password: &str) -> Result<Auth, Self::Error> {
        if self.shared.failures.blocked(self.address) {
            return Ok(Auth::reject());
        }
        Ok(match &self.shared.access {
            Access::Open => self.accept(user),
            Access::Password(expected) if same(expected.as_bytes(), password.as_bytes()) => {
                self.accept(user)
            }
            _ => self.refuse(),
        })
    }

    async fn auth_publickey_offered(
        &mut self,
        _user: &str,
        offer: russh::server::PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        Ok(match &self.shared.access {
            Access::Keys(keys)
                if keys
                    .iter()
                    .any(|k| k.key_data() == offer.public_key.key_data()) =>
            {
                Auth::Accept
            }
            Access::Open => Auth::Accept,
            _ => Auth::reject(),
        })
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: russh::server::VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        if self.shared.failures.blocked(self.address) {
            return Ok(Auth::reject());
        }
        Ok(match &self.shared.access {
            Access::Keys(keys)
                if keys
                    .iter()
                    .any(|k| k.key_data() == key.public_key.key_data()) =>
            {
                self.accept(user)
            }
            Access::Open => self.accept(user),
            _ => self.refuse(),
        })
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channels.len() >= 4 {
            return Ok(());
        }
        self.channels.insert(
            channel.id(),
            Channelled {
                buffer: LineBuffer::new(self.shared.limits.line_bytes),
                pty: None,
                input: None,
                terminal: None,
            },
        );
        reply.accept().await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        columns: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        match self.channels.get_mut(&channel) {
            Some(state) if state.input.is_none() => {
                state.pty = Some(PtyInfo {
                    columns,
                    rows,
                    color: term != "dumb",
                });
                session.channel_success(channel)
            }
            _ => session.channel_failure(channel),
        }
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        columns: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        // The line mode does not draw to a size; the full-screen game does.
        if let Some(state) = self.channels.get_mut(&channel)
            && let Some(pty) = &mut state.pty
        {
            (pty.columns, pty.rows) = (columns, rows);
            if let Some(terminal) = &state.terminal {
                terminal.resize(columns, rows);
            }
        }
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.channels.contains_key(&channel) {
            return session.channel_failure(channel);
        }
        session.channel_success(channel)?;
        self.start(channel, None, session);
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.channels.contains_key(&channel) {
            return session.channel_failure(channel);
        }
        session.channel_success(channel)?;
        let command: String = String::from_utf8_lossy(data).chars().take(200).collect();
        self.start(channel, Some(command), session);
        Ok(())
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let Some(state) = self.channels.get_mut(&channel) else {
            return Ok(());
        };
        if let Some(screen) = &state.terminal
            && screen.take_bytes(data)
        {
            // A game is on screen: it has the bytes, keys and all.
            return Ok(());
        }
        let terminal = state.pty.is_some();
        if terminal {
            // The client's terminal is raw: the server echoes what is typed.
            let echo: Vec<u8> = data
                .iter()
                .flat_map(|&b| match b {
                    b'\r' | b'\n' => b"\r\n".to_vec(),
                    8 | 127 => b"\x08 \x08".to_vec(),
                    b if b >= 0x20 && b != 0x7f => vec![b],
                    _ => Vec::new(),
                })
                .collect();
            if !echo.is_empty() {
                session.data(channel, echo)?;
            }
        }
        let Some(input) = &state.input else {
            return Ok(());
        };
        for line in state.buffer.push(data, terminal) {
            if input.send(line).is_err() {
                break;
            }
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(state) = self.channels.get_mut(&channel) {
            if let Some(terminal) = &state.terminal {
                terminal.close();
            }
            if let Some(input) = state.input.take() {
                let _ = input.send(Input::End);
            }
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.channels.remove(&channel);
        Ok(())
    }
}

/// Whether two secrets are equal, in a time that does not depend on where
/// they differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    let mut diff = a.len() ^ b.len();
    for (i, x) in a.iter().enumerate() {
        diff |= usize::from(x ^ b.get(i).copied().unwrap_or(0));
    }
    diff == 0
}

/// Accepts connections on `listener` for ever.
///
/// # Errors
/// Accepting failed for good.
pub async fn accept_loop(
    listener: tokio::net::TcpListener,
    config: Arc<russh::server::Config>,
    shared: Arc<Shared>,
) -> std::io::Result<()> {
    let gate = super::limits::Gate::new(&shared.limits);
    loop {
        let (socket, peer): (tokio::net::TcpStream, SocketAddr) = match listener.accept().await {
            Ok(accepted) => accepted,
            // Out of file descriptors and the like: wait and go on.
            Err(_) => {
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                continue;
            }
        };
        let Some(ticket) = gate.admit(peer.ip()) else {
            drop(socket);
            continue;
        };
        // What `config.nodelay` asks, which `run_stream` leaves to its
        // caller: without it a screen's second write waits for the
        // client's delayed acknowledgement (some 40 ms).
        if config.nodelay {
            let _ = socket.set_nodelay(true);
        }
        let client = Client::new(Arc::clone(&shared), peer.ip());
        let config = Arc::clone(&config);
        tokio::spawn(async move {
            let _ticket = ticket;
            if let Ok(session) = russh::server::run_stream(config, socket, client).await {
                let _ = session.await;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_names_keep_only_plain_characters() {
        assert_eq!(user_name("ann"), "ann");
        assert_eq!(user_name("\u{1b}[31mbob\n"), "31mbob");
        assert_eq!(user_name(""), "guest");
        assert_eq!(user_name(&"x".repeat(100)).len(), 32);
    }

    #[test]
    fn secrets_are_compared_whole() {
        assert!(same(b"secret", b"secret"));
        assert!(!same(b"secret", b"secreT"));
        assert!(!same(b"secret", b"secrets"));
        assert!(!same(b"", b"x"));
    }
}
