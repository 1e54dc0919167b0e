//! Claims: one shipment, one packer — a second desk finds it taken and by whom, a released or
//! expired claim is free again, a supervisor takes one over on the record, and desks pressing at
//! the same instant get exactly one winner.

use std::time::Duration;

use packdesk::station::db::*;

use super::engines::Engine;
use crate::synthetic;

fn desk(n: u32) -> Claimant {
    Claimant {
        desk_id: format!("desk-{n}"),
        desk_name: format!("Station {n}"),
        person: (n == 3).then(|| "Ana".to_owned()),
    }
}

const LEASE: Duration = Duration::from_secs(120);

fn ours(outcome: ClaimOutcome) -> Claim {
    match outcome {
        ClaimOutcome::Ours(claim) => claim,
        ClaimOutcome::Theirs(claim) => panic!("taken by {:?}", claim.by),
    }
}

fn theirs(outcome: ClaimOutcome) -> Claim {
    match outcome {
        ClaimOutcome::Theirs(claim) => claim,
        ClaimOutcome::Ours(claim) => panic!("expected another desk's claim, got {claim:?}"),
    }
}

fn a_claimed_shipment_is_another_desks_until_released(engine: &Engine) {
    let mut station_3 = engine.open();
    let mut station_4 = engine.open();
    let order = synthetic::seed(&mut station_3, 1);
    let first = ours(station_3.claim(order, "S1", &desk(3), LEASE).unwrap());
    let seen = theirs(station_4.claim(order, "S1", &desk(4), LEASE).unwrap());
    assert_eq!(seen.by, desk(3));
    assert!(
        seen.describe(None)
            .starts_with("Being packed at Station 3 by Ana since")
    );
    // Renewing keeps "since" and moves the lease on.
    std::thread::sleep(Duration::from_millis(5));
    let renewed = ours(station_3.claim(order, "S1", &desk(3), LEASE).unwrap());
    assert_eq!(renewed.since, first.since);
    assert!(renewed.until > first.until);
    assert_eq!(station_4.claims(order).unwrap(), vec![renewed]);
    // Another desk cannot release it; its holder can.
    assert!(!station_4.release_claim(order, "S1", "desk-4").unwrap());
    assert!(station_3.release_claim(order, "S1", "desk-3").unwrap());
    assert!(station_4.claims(order).unwrap().is_empty());
    ours(station_4.claim(order, "S1", &desk(4), LEASE).unwrap());
    let kinds: Vec<String> = station_3
        .events(order)
        .unwrap()
        .into_iter()
        .map(|e| e.kind)
        .filter(|k| k.contains("claim") || k == "released")
        .collect();
    assert_eq!(
        kinds,
        ["claimed", "released", "claimed"],
        "a renewal is no event"
    );
}

fn a_crashed_desks_claim_expires_by_itself(engine: &Engine) {
    let mut crashed = engine.open();
    let order = synthetic::seed(&mut crashed, 1);
    ours(
        crashed
            .claim(order, "S1", &desk(3), Duration::from_millis(150))
            .unwrap(),
    );
    drop(crashed);
    let mut other = engine.open();
    theirs(other.claim(order, "S1", &desk(4), LEASE).unwrap());
    std::thread::sleep(Duration::from_millis(250));
    assert!(other.claims(order).unwrap().is_empty(), "expired");
    let claim = ours(other.claim(order, "S1", &desk(4), LEASE).unwrap());
    assert_eq!(claim.by, desk(4));
}

fn a_supervisor_takes_a_claim_over_on_the_record(engine: &Engine) {
    let mut station_3 = engine.open();
    let mut station_4 = engine.open();
    let order = synthetic::seed(&mut station_3, 1);
    ours(station_3.claim(order, "S1", &desk(3), LEASE).unwrap());
    let taken = station_4
        .take_over_claim(order, "S1", &desk(4), "supervisor", LEASE)
        .unwrap();
    assert_eq!(taken.by, desk(4));
    // The desk that had it finds it gone at its next renewal.
    assert_eq!(
        theirs(station_3.claim(order, "S1", &desk(3), LEASE).unwrap()).by,
        desk(4)
    );
    let event = station_3
        .events(order)
        .unwrap()
        .into_iter()
        .find(|e| e.kind == "claim_taken_over")
        .unwrap();
    assert_eq!(event.body["from"]["desk"], "Station 3");
    assert_eq!(event.body["from"]["person"], "Ana");
    assert_eq!(event.body["to"]["desk"], "Station 4");
    assert_eq!(event.body["authorized_by"], "supervisor");
}

fn desks_pressing_at_the_same_instant_get_exactly_one_winner(engine: &Engine) {
    let mut seed = engine.open();
    let order = synthetic::seed(&mut seed, 1);
    drop(seed);
    for round in 0..5 {
        let shipment = "S1";
        let desks: Vec<StationDb> = (0..6).map(|_| engine.open()).collect();
        let start = std::sync::Barrier::new(desks.len());
        let outcomes: Vec<ClaimOutcome> = std::thread::scope(|scope| {
            let handles: Vec<_> = desks
                .into_iter()
                .enumerate()
                .map(|(n, mut db)| {
                    let start = &start;
                    scope.spawn(move || {
                        start.wait();
                        db.claim(order, shipment, &desk(10 + n as u32), LEASE)
                            .unwrap()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let winners: Vec<&Claim> = outcomes
            .iter()
            .filter_map(|o| match o {
                ClaimOutcome::Ours(c) => Some(c),
                ClaimOutcome::Theirs(_) => None,
            })
            .collect();
        assert_eq!(winners.len(), 1, "round {round}: {outcomes:?}");
        for outcome in &outcomes {
            if let ClaimOutcome::Theirs(c) = outcome {
                assert_eq!(c.by, winners[0].by, "every loser names the winner");
            }
        }
        let mut db = engine.open();
        db.release_desk_claims(&winners[0].by.desk_id).unwrap();
    }
}

crate::on_both_engines!(
    a_claimed_shipment_is_another_desks_until_released,
    a_crashed_desks_claim_expires_by_itself,
    a_supervisor_takes_a_claim_over_on_the_record,
    desks_pressing_at_the_same_instant_get_exactly_one_winner,
);
