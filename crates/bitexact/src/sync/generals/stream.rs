//! Which of Generals' three streams a `DEBUG_RANDOM_*` log is checked for
//! ([`Stream`]), and the call its lines name (`marker`).

/// Which Generals stream a `DEBUG_RANDOM_*` log is checked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Stream {
    /// `GetGameLogicRandomValue*` (the synchronised one).
    #[default]
    Logic,
    /// `GetGameClientRandomValue*`.
    Client,
    /// `GetGameAudioRandomValue*`.
    Audio,
}

impl Stream {
    /// Every stream, in the order the front ends list them.
    pub const ALL: [Stream; 3] = [Stream::Logic, Stream::Client, Stream::Audio];

    /// `logic`, `client` or `audio`.
    pub const fn name(self) -> &'static str {
        match self {
            Stream::Logic => "logic",
            Stream::Client => "client",
            Stream::Audio => "audio",
        }
    }

    /// The stream of that name.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// The call a line of `stream` names: `GetGameLogicRandomValue`, …
pub(crate) const fn marker(stream: Stream) -> &'static str {
    match stream {
        Stream::Logic => "GetGameLogicRandomValue",
        Stream::Client => "GetGameClientRandomValue",
        Stream::Audio => "GetGameAudioRandomValue",
    }
}
