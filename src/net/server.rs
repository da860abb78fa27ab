//! The SSH side of the server: logins (open, a password, or authorized
//! keys; at most [`Limits::tries`] failed tries a connection, failures
//! rate limited by address block and by user name), and each session
//! channel handed to a front-end on a thread of its own. No shell, no
//! subsystem, no forwarding: an exec request's command is only ever read
//! as a lobby command. Connections are let in, counted and given their
//! login deadline by [`admission`](super::admission).

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::mpsc::Sender;

use russh::keys::PublicKey;
use russh::server::{Auth, ChannelOpenHandle, Handler, Msg, Session};
use russh::{Channel, ChannelId, Pty};

use super::admission::Ticket;
use super::limits::{Failures, Input, Limits, LineBuffer};
use super::lobby::{self, Screen};
use super::rooms::{Rooms, is_code};
use super::stopping::{STOPPING, Stopping};

mod login;
mod tries;

use super::terminal::Terminal;
use login::login;

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

impl Access {
    /// The login methods offered to clients: a server of keys asks for no
    /// password, a server of passwords for no key.
    pub fn methods(&self) -> russh::MethodSet {
        use russh::MethodKind::{None, Password, PublicKey};
        let methods: &[russh::MethodKind] = match self {
            // A key first: the name of a player who gives a code alone.
            Access::Open => &[None, PublicKey, Password],
            Access::Password(_) => &[Password],
            Access::Keys(_) => &[PublicKey],
        };
        methods.into()
    }
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
    /// Who logged in, and the game the user name asked to join at once.
    login: login::Login,
    /// Whether a key was refused before any login succeeded: counted as
    /// one failure of the address if the connection ends without a login.
    key_refused: bool,
    logged_in: bool,
    channels: BTreeMap<ChannelId, Channelled>,
    /// The connection's place among the server's connections.
    ticket: Ticket,
    /// The login tries failed so far (see [`Client::failed_try`]).
    tries: usize,
    /// Whether the client's first `none` probe came (it is no try).
    probed: bool,
}

impl Drop for Client {
    fn drop(&mut self) {
        if self.key_refused && !self.logged_in {
            self.shared.failures.failed(self.address);
        }
        // The connection's buffers and screen go back at the next trim.
        self.shared.rooms.trim().freed();
    }
}

impl Client {
    /// A connection from `address`, let in with `ticket`.
    pub fn new(shared: Arc<Shared>, address: IpAddr, ticket: Ticket) -> Client {
        Client {
            shared,
            address,
            login: login::Login::default(),
            key_refused: false,
            logged_in: false,
            channels: BTreeMap::new(),
            ticket,
            tries: 0,
            probed: false,
        }
    }

    /// Lets `user` in, holding `key` if they logged in with one.
    fn accept(&mut self, user: &str, key: Option<&PublicKey>) -> Auth {
        self.login = login(user, key);
        self.logged_in = true;
        Auth::Accept
    }

    /// A refusal that leaves the client the server's login methods to try
    /// again (russh would otherwise drop the one refused, and close the
    /// connection once none is left), within the config's attempts.
    fn reject(&self) -> Auth {
        Auth::Reject {
            proceed_with_methods: Some(self.shared.access.methods()),
            partial_success: false,
        }
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
        let (login, rooms) = (self.login.clone(), Arc::clone(&self.shared.rooms));
        // The games one address may make are counted by its block, as
        // its connections are.
        let address = self.shared.limits.net_block.block(self.address);
        let stopping = Arc::clone(&self.shared.stopping);
        std::thread::spawn(move || {
            let screen = match terminal {
                Some(terminal) => Screen::new(out, true, wake).with_terminal(terminal),
                None => Screen::new(out, false, wake),
            };
            let start = match (&login.refused, &command, &login.join) {
                (Some(why), _, _) => lobby::Start::Refused(why),
                (None, Some(command), _) => lobby::Start::Command(command),
                (None, None, Some(code)) => lobby::Start::Join(code, login.secret.as_deref()),
                (None, None, None) => lobby::Start::Lobby,
            };
            let code = lobby::run(&login.who, address, &rooms, &lines, &screen, start);
            if stopping.is_stopping() {
                screen.say(STOPPING);
            }
            // The screen goes first: its channel closing ends the output.
            drop(screen);
            let _ = status.send(code);
        });
    }
}

impl Handler for Client {
    type Error = russh::Error;

    async fn auth_none(&mut self, user: &str) -> Result<Auth, Self::Error> {
        // The first probe asks which methods the server takes: no try
        // (OpenSSH counts none either); a `none` again is one.
        if std::mem::replace(&mut self.probed, true) && !matches!(self.shared.access, Access::Open)
        {
            return Ok(self.failed_try());
        }
        if self.tries >= self.shared.limits.tries {
            return Ok(self.failed_try());
        }
        Ok(match self.shared.access {
            // A game's code alone as the user name: the client is asked for
            // its key, the name it is known by (any password still does).
            Access::Open if is_code(user) => self.reject(),
            Access::Open => self.accept(user, None),
            _ => self.reject(),
        })
    }

    async fn auth_password(&mut self, user: &str, password: &str) -> Result<Auth, Self::Error> {
        if let Some(refused) = self.unheard(Some(user)) {
            return Ok(refused);
        }
        Ok(match &self.shared.access {
            Access::Open => self.accept(user, None),
            Access::Password(expected) if same(expected.as_bytes(), password.as_bytes()) => {
                self.accept(user, None)
            }
            _ => self.refuse(user),
        })
    }

    async fn auth_publickey_offered(
        &mut self,
        _user: &str,
        offer: russh::server::PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        if let Some(refused) = self.unheard(None) {
            return Ok(refused);
        }
        Ok(match &self.shared.access {
            Access::Keys(keys) if listed(keys, offer.public_key) => Auth::Accept,
            Access::Keys(_) => self.refuse_key(),
            Access::Open => Auth::Accept,
            Access::Password(_) => self.failed_try(),
        })
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: russh::server::VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        if let Some(refused) = self.unheard(None) {
            return Ok(refused);
        }
        Ok(match &self.shared.access {
            Access::Keys(keys) if listed(keys, key.public_key) => {
                self.accept(user, Some(key.public_key))
            }
            Access::Open => self.accept(user, Some(key.public_key)),
            Access::Keys(_) => self.refuse_key(),
            Access::Password(_) => self.failed_try(),
        })
    }

    async fn auth_succeeded(&mut self, session: &mut Session) -> Result<(), Self::Error> {
        // Counted as logged in, within the bounds on logged-in
        // connections; past them the client is told why and closed.
        if let Err(full) = self.ticket.log_in() {
            session.disconnect(russh::Disconnect::TooManyConnections, &full.to_string(), "")?;
        }
        Ok(())
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channels.len() >= 4 || !self.ticket.is_logged_in() {
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

/// Whether `key` is one of `keys`.
fn listed(keys: &[PublicKey], key: &PublicKey) -> bool {
    keys.iter().any(|k| k.key_data() == key.key_data())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_compared_whole() {
        assert!(same(b"secret", b"secret"));
        assert!(!same(b"secret", b"secreT"));
        assert!(!same(b"secret", b"secrets"));
        assert!(!same(b"", b"x"));
    }
}
