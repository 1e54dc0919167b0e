//! The app's own one-desk server (in-process, plain HTTP on loopback), with nobody set up: the
//! desk signs in as itself and packs; once a one-desk supervisor PIN is set, supervisor work
//! waits for it, wrong PINs lock it out across a restart, and changing it needs the one in
//! force. The first person set up is a supervisor, and from then on the desk's own session is
//! over. A warehouse server (`warehouse serve`) lets no desk sign in as itself.

use std::time::Duration;

use packdesk::api::IdempotencyKey;
use packdesk::api::warehouse::NewPersonRequest;
use packdesk::customs::settings::SETTINGS_KEY;
use packdesk::station::db::Location;
use packdesk::warehouse::client::{DeskToken, Trust, WarehouseClient, WarehouseClientError};
use packdesk::warehouse::pins::LockoutPolicy;
use packdesk::warehouse::{RunningWarehouse, Transport, WarehouseConfig, admin};

use super::site::Site;
use super::{ORDER, enrolled, staffed};

const PIN: &str = "2468";

async fn one_desk_server(site: &Site, location: &Location) -> RunningWarehouse {
    let mut config = WarehouseConfig::local(site.data_dir());
    config.database = Some(location.clone());
    config.transport = Transport::PlainLoopback;
    config.one_desk = true;
    config.lockout = LockoutPolicy {
        max_wrong: 3,
        first: Duration::from_secs(2),
        ..LockoutPolicy::default()
    };
    packdesk::warehouse::start(config).await.unwrap()
}

fn location(site: &Site) -> Location {
    match &site.database {
        Some(url) => Location::parse(url).unwrap(),
        None => Location::Sqlite(site.data_dir().join("warehouse.sqlite3")),
    }
}

#[test]
fn with_nobody_set_up_the_desk_signs_in_as_itself_and_the_pin_guards_supervisor_work() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    for site in Site::each() {
        let location = location(&site);
        let (cart, quote, create) = crate::station::bodies(ORDER, "Zoë Tremblay");
        site.open_record()
            .record_submitted_order(&cart, &quote, &create)
            .unwrap();
        let code = admin::add_desk(&location, "This desk", Duration::from_secs(600)).unwrap();
        runtime.block_on(async {
            let server = one_desk_server(&site, &location).await;
            let client = WarehouseClient::new(&server.base_url, &Trust::System).unwrap();
            let desk = DeskToken(client.enroll(&code).await.unwrap().desk_token);
            let (desk_session, answer) = client.sign_in_desk(&desk).await.unwrap();
            assert_eq!(answer.person, None);
            // The id this desk's claims carry, so it knows its own.
            assert!(
                answer.desk_id.starts_with("warehouse-desk-"),
                "{}",
                answer.desk_id
            );

            // A first set-up: nothing guards supervisor work until a PIN is set.
            let settings = serde_json::json!({"signatory": "Dana"});
            client
                .set_setting(&desk_session, SETTINGS_KEY, &settings)
                .await
                .unwrap();
            client.claim(&desk_session, ORDER, "S1").await.unwrap();
            client
                .set_supervisor_pin(&desk_session, None, PIN)
                .await
                .unwrap();

            // Now it waits for the PIN; packing does not.
            client.claim(&desk_session, ORDER, "S1").await.unwrap();
            assert!(matches!(
                client
                    .cancel(&desk_session, ORDER, "S2", &IdempotencyKey::new())
                    .await,
                Err(WarehouseClientError::Forbidden(_))
            ));
            assert!(matches!(
                client.unlock(&desk_session, "1111").await,
                Err(WarehouseClientError::Unauthorized(_))
            ));
            assert!(matches!(
                client.set_supervisor_pin(&desk_session, None, "1357").await,
                Err(WarehouseClientError::Invalid(_))
            ));
            let unlocked = client.unlock(&desk_session, PIN).await.unwrap();
            assert!(unlocked.supervisor_until.is_some());
            client
                .cancel(&desk_session, ORDER, "S2", &IdempotencyKey::new())
                .await
                .unwrap();
            client.lock(&desk_session).await.unwrap();
            assert!(matches!(
                client
                    .set_setting(&desk_session, SETTINGS_KEY, &settings)
                    .await,
                Err(WarehouseClientError::Forbidden(_))
            ));

            // Three wrong PINs lock it out, and a restart keeps the lock.
            for _ in 0..3 {
                let _ = client.unlock(&desk_session, "0000").await;
            }
            assert!(matches!(
                client.unlock(&desk_session, PIN).await,
                Err(WarehouseClientError::LockedOut { .. })
            ));
            server.shutdown().await.unwrap();
            let server = one_desk_server(&site, &location).await;
            let client = WarehouseClient::new(&server.base_url, &Trust::System).unwrap();
            let (desk_session, _) = client.sign_in_desk(&desk).await.unwrap();
            assert!(matches!(
                client.unlock(&desk_session, PIN).await,
                Err(WarehouseClientError::LockedOut { .. })
            ));
            tokio::time::sleep(Duration::from_millis(2100)).await;
            client.unlock(&desk_session, PIN).await.unwrap();

            // The first person is a supervisor; then people sign in, the desk no more.
            let person = |name: &str, role: &str| NewPersonRequest {
                name: name.into(),
                role: role.into(),
                badge: None,
                pin: "1357".into(),
            };
            assert!(matches!(
                client
                    .add_person(&desk_session, &person("Pia", "packer"))
                    .await,
                Err(WarehouseClientError::Conflict(_))
            ));
            client
                .add_person(&desk_session, &person("Sam", "supervisor"))
                .await
                .unwrap();
            assert!(matches!(
                client.current(&desk_session).await,
                Err(WarehouseClientError::Unauthorized(_))
            ));
            assert!(matches!(
                client.sign_in_desk(&desk).await,
                Err(WarehouseClientError::Conflict(_))
            ));
            client.sign_in(&desk, "Sam", "1357").await.unwrap();
            server.shutdown().await.unwrap();
        });
    }
}

#[test]
fn a_warehouse_server_lets_no_desk_sign_in_as_itself() {
    let site = Site::sqlite();
    let server = staffed(&site, &[]);
    let (_, token) = enrolled(&site, &server, "Station 1");
    let client = server.client();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    assert!(matches!(
        runtime.block_on(client.sign_in_desk(&DeskToken(token))),
        Err(WarehouseClientError::Forbidden(_))
    ));
}

/// A desk's settings kept the supervisor PIN's hash before its own server did (unpeppered):
/// carried into the record once, it unlocks as before and is hashed again with the pepper at
/// the first right PIN; a PIN set since is never overwritten by a carry.
#[test]
fn a_pin_carried_from_the_desk_settings_unlocks_and_is_peppered_at_first_use() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let site = Site::sqlite();
    let location = location(&site);
    let carried = packdesk::station::pin::hash_pin(PIN).unwrap();
    assert!(
        site.open_record()
            .carry_one_desk_pin_hash(&carried)
            .unwrap()
    );
    assert!(!site.open_record().carry_one_desk_pin_hash("other").unwrap());
    let stored = |site: &Site| site.open_record().one_desk_pin_hash().unwrap().unwrap();
    assert!(stored(&site).starts_with(packdesk::station::db::UNPEPPERED));
    let code = admin::add_desk(&location, "This desk", Duration::from_secs(600)).unwrap();
    runtime.block_on(async {
        let server = one_desk_server(&site, &location).await;
        let client = WarehouseClient::new(&server.base_url, &Trust::System).unwrap();
        let desk = DeskToken(client.enroll(&code).await.unwrap().desk_token);
        let (session, _) = client.sign_in_desk(&desk).await.unwrap();
        assert!(matches!(
            client.unlock(&session, "1111").await,
            Err(WarehouseClientError::Unauthorized(_))
        ));
        client.unlock(&session, PIN).await.unwrap();
        server.shutdown().await.unwrap();
    });
    let peppered = stored(&site);
    assert!(!peppered.starts_with(packdesk::station::db::UNPEPPERED));
    assert_ne!(peppered, carried);
    runtime.block_on(async {
        let server = one_desk_server(&site, &location).await;
        let client = WarehouseClient::new(&server.base_url, &Trust::System).unwrap();
        let code = admin::add_desk(&location, "Second", Duration::from_secs(600)).unwrap();
        let desk = DeskToken(client.enroll(&code).await.unwrap().desk_token);
        let (session, _) = client.sign_in_desk(&desk).await.unwrap();
        client.unlock(&session, PIN).await.unwrap();
        server.shutdown().await.unwrap();
    });
}
