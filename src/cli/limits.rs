//! The limits both servers take on the command line (`packdesk serve`, `packdesk warehouse
//! serve`): what a client may hold open and send (`serving`).

use std::time::Duration;

use crate::serving::Limits;

#[derive(Debug, Clone, clap::Args)]
pub struct LimitArgs {
    /// Seconds a client has to send a request's head; a slower one is disconnected.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub header_timeout_secs: u64,
    /// Seconds a request has to be answered before it gets 503.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub request_timeout_secs: u64,
    /// Connections served at once, all clients together; more wait.
    #[arg(long, default_value_t = 4096, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_connections: u64,
    /// Connections served at once from one address; more are closed.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_connections_per_client: u64,
    /// Requests a second one address may send (twice that at once); more get 429 with
    /// Retry-After. 0: no limit.
    #[arg(long, default_value_t = 1000)]
    pub rate_limit: u32,
}

impl LimitArgs {
    pub fn limits(&self) -> Limits {
        let count = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        Limits {
            header_read: Duration::from_secs(self.header_timeout_secs),
            request: Duration::from_secs(self.request_timeout_secs),
            max_connections: count(self.max_connections),
            max_connections_per_client: count(self.max_connections_per_client),
            requests_per_second: self.rate_limit,
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser as _;

    use super::*;

    #[derive(clap::Parser)]
    struct Probe {
        #[command(flatten)]
        limits: LimitArgs,
    }

    #[test]
    fn the_defaults_on_the_command_line_are_the_servers_defaults() {
        let probe = Probe::try_parse_from(["probe"]).unwrap();
        assert_eq!(probe.limits.limits(), Limits::default());
    }
}
