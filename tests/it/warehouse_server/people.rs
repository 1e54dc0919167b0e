//! A supervisor manages people through the server: a new PIN works at once and the old one no
//! longer, a person let go loses their live session at once, the last active supervisor cannot
//! be demoted, and a packer may change nobody. Signing out lets go of the desk's claims.

use packdesk::api::warehouse::PersonUpdateRequest;
use packdesk::warehouse::client::{DeskToken, WarehouseClientError};

use super::site::Site;
use super::{ORDER, PACKER_PIN, SUPERVISOR_PIN, enrolled, staffed};

#[test]
fn a_supervisor_changes_pins_roles_and_who_may_sign_in() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    for site in Site::each() {
        let server = staffed(&site, &[]);
        let (_, token) = enrolled(&site, &server, "Station 1");
        let (_, other_token) = enrolled(&site, &server, "Station 2");
        let (desk, other) = (DeskToken(token), DeskToken(other_token));
        let client = server.client();
        runtime.block_on(async {
            let (sam, _) = client.sign_in(&desk, "Sam", SUPERVISOR_PIN).await.unwrap();
            let people = client.people(&sam).await.unwrap();
            let id = |name: &str| people.iter().find(|p| p.name == name).unwrap().id;
            let (pia, _) = client.sign_in(&other, "Pia", PACKER_PIN).await.unwrap();

            // A packer changes nobody, themselves included.
            let promote = PersonUpdateRequest {
                role: Some("supervisor".into()),
                ..Default::default()
            };
            assert!(matches!(
                client.update_person(&pia, id("Pia"), &promote).await,
                Err(WarehouseClientError::Forbidden(_))
            ));

            // A new PIN replaces the old one at once (hashed with the server's pepper).
            let new_pin = PersonUpdateRequest {
                pin: Some("8642".into()),
                ..Default::default()
            };
            client
                .update_person(&sam, id("Pia"), &new_pin)
                .await
                .unwrap();
            assert!(matches!(
                client.sign_in(&other, "Pia", PACKER_PIN).await,
                Err(WarehouseClientError::Unauthorized(_))
            ));
            let (pia, _) = client.sign_in(&other, "Pia", "8642").await.unwrap();
            let bad = PersonUpdateRequest {
                pin: Some("12".into()),
                role: Some("boss".into()),
                ..Default::default()
            };
            match client.update_person(&sam, id("Pia"), &bad).await {
                Err(WarehouseClientError::Invalid(problems)) => {
                    let fields: Vec<&str> = problems.iter().map(|p| p.field.as_str()).collect();
                    assert_eq!(fields, ["role", "pin"]);
                }
                other => panic!("{other:?}"),
            }

            // Let go: the live session ends at once, and signing in again is refused.
            client.claim(&pia, ORDER, "S1").await.unwrap();
            let leave = PersonUpdateRequest {
                active: Some(false),
                ..Default::default()
            };
            let gone = client.update_person(&sam, id("Pia"), &leave).await.unwrap();
            assert!(!gone.active);
            assert!(matches!(
                client.current(&pia).await,
                Err(WarehouseClientError::Unauthorized(_))
            ));
            assert!(client.sign_in(&other, "Pia", "8642").await.is_err());

            // The last active supervisor stays one.
            let demote = PersonUpdateRequest {
                role: Some("packer".into()),
                ..Default::default()
            };
            match client.update_person(&sam, id("Sam"), &demote).await {
                Err(WarehouseClientError::Conflict(why)) => {
                    assert!(why.contains("last active supervisor"), "{why}")
                }
                other => panic!("{other:?}"),
            }
            assert!(matches!(
                client.update_person(&sam, 999_999, &demote).await,
                Err(WarehouseClientError::NotFound(_))
            ));

            // Sam signs in at Station 2, where Pia left S1 claimed; signing out lets it go.
            let (sam_there, _) = client.sign_in(&other, "Sam", SUPERVISOR_PIN).await.unwrap();
            client.claim(&sam_there, ORDER, "S1").await.unwrap();
            client.sign_out(&sam_there).await.unwrap();
            let (here, _) = client.sign_in(&desk, "Sam", SUPERVISOR_PIN).await.unwrap();
            let claim = client.claim(&here, ORDER, "S1").await.unwrap();
            assert_eq!(claim.desk, "Station 1", "{}", site.name);
        });
    }
}
