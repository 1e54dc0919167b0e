//! `packdesk warehouse serve` as a process on a loopback port, over HTTPS with the certificate
//! it made, set up as an administrator would (`add-person`, `add-desk` as processes), and used
//! as desks would, on SQLite and on a throwaway PostgreSQL database: enrollment, sign-in and its
//! lockout, revocation, every operation's credentials, and the roles and claims it enforces.

mod access;
mod changes;
mod delivery;
mod once;
mod one_desk;
mod openapi;
mod packing;
mod people;
mod reading;
mod roles;
mod site;
mod stall;

use site::{Desk, Server, Site};

pub const SUPERVISOR_PIN: &str = "2468";
pub const PACKER_PIN: &str = "1357";
pub const ORDER: u64 = 4401;

/// A warehouse with Sam (supervisor), Pia (packer), Cal (customer service) and order 4401 (two
/// shipments, S1 and S2) in its record, its server running.
pub fn staffed(site: &Site, serve_args: &[&str]) -> Server {
    site.add_person("Sam", "supervisor", SUPERVISOR_PIN);
    site.add_person("Pia", "packer", PACKER_PIN);
    site.add_person("Cal", "customer_service", "8080");
    let (cart, quote, create) = crate::station::bodies(ORDER, "Zoë Tremblay");
    site.open_record()
        .record_submitted_order(&cart, &quote, &create)
        .unwrap();
    site.serve(serve_args)
}

/// A desk enrolled under `name` with a code from `add-desk`: its client and token.
pub fn enrolled(site: &Site, server: &Server, name: &str) -> (Desk, String) {
    let code = site.add_desk(name);
    let desk = server.desk();
    let token = desk.enroll(&code);
    (desk, token)
}
