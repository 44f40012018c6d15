//! Whole passkey ceremonies against a software authenticator: what a
//! browser and a platform authenticator would send, made here with real
//! ES256 keys (OpenSSL), CBOR attestation objects (format "none") and
//! signed assertions, so that `webauthn-rs` checks them as it checks a
//! browser's.

use std::collections::BTreeMap;

use accounts::passkeys::{CredentialId, PasskeyError, RelyingParty, StoredPasskey};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use openssl::bn::{BigNum, BigNumContext};
use openssl::ec::{EcGroup, EcKey};
use openssl::hash::MessageDigest;
use openssl::nid::Nid;
use openssl::pkey::{PKey, Private};
use openssl::sign::Signer;
use rand::rngs::StdRng;
use rand::{Rng, RngCore, SeedableRng};
use serde_cbor_2::Value as Cbor;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use uuid::Uuid;

const ORIGIN: &str = "https://towers.example.org";

fn b64(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

fn unb64(value: &Value) -> Vec<u8> {
    URL_SAFE_NO_PAD
        .decode(value.as_str().expect("base64url text"))
        .expect("base64url")
}

/// A credential the authenticator keeps: a resident key.
struct Credential {
    id: Vec<u8>,
    rp_id: String,
    user_handle: Vec<u8>,
    key: PKey<Private>,
    counter: u32,
}

/// A platform authenticator with its browser: it answers options as
/// `credential.toJSON()` would, from the origin it was opened on.
struct Authenticator {
    origin: String,
    /// Whether it keeps a signature counter (synced passkeys often do not).
    counting: bool,
    /// Whether it verifies its user (biometrics, PIN).
    verifies: bool,
    /// The relying party id it signs for, when not the options' (a
    /// phishing page's own).
    rp_id_override: Option<String>,
    credentials: Vec<Credential>,
}

impl Authenticator {
    fn new(origin: &str) -> Self {
        Authenticator {
            origin: origin.to_string(),
            counting: true,
            verifies: true,
            rp_id_override: None,
            credentials: Vec::new(),
        }
    }

    fn client_data(&self, kind: &str, challenge: &Value) -> Vec<u8> {
        json!({
            "type": kind,
            "challenge": challenge,
            "origin": self.origin,
            "crossOrigin": false,
        })
        .to_string()
        .into_bytes()
    }

    fn flags(&self) -> u8 {
        // User present, and verified when it verifies.
        if self.verifies {
            0x05
        } else {
            0x01
        }
    }

    /// `navigator.credentials.create` with the server's options.
    fn create(&mut self, options: &Value) -> Result<Value, String> {
        let options = &options["publicKey"];
        let rp_id = self
            .rp_id_override
            .clone()
            .unwrap_or_else(|| options["rp"]["id"].as_str().unwrap().to_string());
        let selection = &options["authenticatorSelection"];
        assert_eq!(selection["residentKey"], "required", "{options}");
        assert_eq!(selection["requireResidentKey"], true);
        assert_eq!(selection["userVerification"], "required");
        assert!(options["pubKeyCredParams"]
            .as_array()
            .unwrap()
            .iter()
            .any(|param| param["alg"] == -7));
        let excluded: Vec<Vec<u8>> = options["excludeCredentials"]
            .as_array()
            .map(|list| list.iter().map(|c| unb64(&c["id"])).collect())
            .unwrap_or_default();
        if self
            .credentials
            .iter()
            .any(|c| c.rp_id == rp_id && excluded.contains(&c.id))
        {
            return Err("InvalidStateError: already registered".into());
        }

        let group = EcGroup::from_curve_name(Nid::X9_62_PRIME256V1).unwrap();
        let key = EcKey::generate(&group).unwrap();
        let (mut x, mut y) = (BigNum::new().unwrap(), BigNum::new().unwrap());
        let mut context = BigNumContext::new().unwrap();
        key.public_key()
            .affine_coordinates(&group, &mut x, &mut y, &mut context)
            .unwrap();
        let cose = Cbor::Map(BTreeMap::from([
            (Cbor::Integer(1), Cbor::Integer(2)),  // kty: EC2
            (Cbor::Integer(3), Cbor::Integer(-7)), // alg: ES256
            (Cbor::Integer(-1), Cbor::Integer(1)), // crv: P-256
            (Cbor::Integer(-2), Cbor::Bytes(x.to_vec_padded(32).unwrap())),
            (Cbor::Integer(-3), Cbor::Bytes(y.to_vec_padded(32).unwrap())),
        ]));
        let mut id = vec![0u8; 32];
        rand::rng().fill_bytes(&mut id);
        let id_length = u16::try_from(id.len()).unwrap();

        let mut auth_data = Sha256::digest(rp_id.as_bytes()).to_vec();
        auth_data.push(self.flags() | 0x40); // attested credential data
        auth_data.extend_from_slice(&0u32.to_be_bytes());
        auth_data.extend_from_slice(&[0u8; 16]); // AAGUID
        auth_data.extend_from_slice(&id_length.to_be_bytes());
        auth_data.extend_from_slice(&id);
        auth_data.extend(serde_cbor_2::to_vec(&cose).unwrap());
        let attestation = Cbor::Map(BTreeMap::from([
            (Cbor::Text("fmt".into()), Cbor::Text("none".into())),
            (Cbor::Text("attStmt".into()), Cbor::Map(BTreeMap::new())),
            (Cbor::Text("authData".into()), Cbor::Bytes(auth_data)),
        ]));
        let client_data = self.client_data("webauthn.create", &options["challenge"]);

        self.credentials.push(Credential {
            id: id.clone(),
            rp_id,
            user_handle: unb64(&options["user"]["id"]),
            key: PKey::from_ec_key(key).unwrap(),
            counter: 0,
        });
        Ok(json!({
            "id": b64(&id),
            "rawId": b64(&id),
            "type": "public-key",
            "authenticatorAttachment": "platform",
            "response": {
                "clientDataJSON": b64(&client_data),
                "attestationObject": b64(&serde_cbor_2::to_vec(&attestation).unwrap()),
                "transports": ["internal", "hybrid"],
                "publicKeyAlgorithm": -7,
            },
            "clientExtensionResults": { "credProps": { "rk": true } },
        }))
    }

    /// `navigator.credentials.get` with the server's options: the user
    /// picks the `pick`th of the passkeys it keeps for the relying party.
    fn get(&mut self, options: &Value, pick: usize) -> Value {
        let options = &options["publicKey"];
        assert_eq!(options["allowCredentials"], json!([]));
        assert_eq!(options["userVerification"], "required");
        let rp_id = self
            .rp_id_override
            .clone()
            .unwrap_or_else(|| options["rpId"].as_str().unwrap().to_string());
        let client_data = self.client_data("webauthn.get", &options["challenge"]);
        let flags = self.flags();
        let counting = self.counting;
        let credential = self
            .credentials
            .iter_mut()
            .filter(|c| c.rp_id == rp_id)
            .nth(pick)
            .expect("a passkey for this relying party");
        if counting {
            credential.counter += 1;
        }

        let mut auth_data = Sha256::digest(rp_id.as_bytes()).to_vec();
        auth_data.push(flags);
        auth_data.extend_from_slice(&credential.counter.to_be_bytes());
        let mut signer = Signer::new(MessageDigest::sha256(), &credential.key).unwrap();
        signer.update(&auth_data).unwrap();
        signer.update(&Sha256::digest(&client_data)).unwrap();
        let signature = signer.sign_to_vec().unwrap();
        json!({
            "id": b64(&credential.id),
            "rawId": b64(&credential.id),
            "type": "public-key",
            "authenticatorAttachment": "platform",
            "response": {
                "clientDataJSON": b64(&client_data),
                "authenticatorData": b64(&auth_data),
                "signature": b64(&signature),
                "userHandle": b64(&credential.user_handle),
            },
            "clientExtensionResults": {},
        })
    }
}

/// Registers a passkey for `user` and returns it as the server stores it.
fn register(party: &RelyingParty, authenticator: &mut Authenticator, user: Uuid) -> StoredPasskey {
    let (options, state) = party.start_registration(user, "claire", &[]).unwrap();
    let answer = authenticator.create(&options).unwrap();
    let new = party.finish_registration(&state, &answer).unwrap();
    assert_eq!(new.id.as_str(), answer["id"].as_str().unwrap());
    StoredPasskey {
        id: new.id,
        stored: new.stored,
    }
}

fn refused<T: std::fmt::Debug>(result: Result<T, PasskeyError>) -> String {
    match result {
        Err(error @ PasskeyError::Refused(_)) => error.to_string(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn a_registered_discoverable_passkey_signs_in_without_a_name() {
    let party = RelyingParty::new(ORIGIN).unwrap();
    let mut authenticator = Authenticator::new(ORIGIN);
    let user = Uuid::from_u128(0x1234_5678_9abc_def0_1234_5678_9abc_def0);
    let mut stored = register(&party, &mut authenticator, user);
    // The stored JSON is webauthn-rs's passkey: a public key, no secret.
    let json: Value = serde_json::from_str(&stored.stored).unwrap();
    assert!(json["cred"]["cred"].is_object(), "{json}");

    for round in 1..=3 {
        let (options, state) = party.start_sign_in().unwrap();
        assert!(options.get("mediation").is_none());
        assert_eq!(options["publicKey"]["rpId"], "towers.example.org");
        let answer = authenticator.get(&options, 0);
        let (claimed_user, claimed_id) = party.identify(&answer).unwrap();
        assert_eq!((claimed_user, &claimed_id), (user, &stored.id));
        let signed = party
            .finish_sign_in(&state, &answer, std::slice::from_ref(&stored))
            .unwrap();
        assert_eq!(signed.id, stored.id);
        // The counter went up: the server stores the new JSON.
        let updated = signed.updated.expect("a new counter to store");
        let json: Value = serde_json::from_str(&updated).unwrap();
        assert_eq!(json["cred"]["counter"], round, "{json}");
        stored.stored = updated;
    }
}

#[test]
fn a_passkey_without_a_counter_signs_in_with_nothing_to_update() {
    let party = RelyingParty::new("http://localhost:8080").unwrap();
    let mut authenticator = Authenticator::new("http://localhost:8080");
    authenticator.counting = false;
    let user = Uuid::from_u128(42);
    let stored = register(&party, &mut authenticator, user);
    for _ in 0..2 {
        let (options, state) = party.start_sign_in().unwrap();
        let answer = authenticator.get(&options, 0);
        assert_eq!(party.identify(&answer).unwrap().0, user);
        let signed = party
            .finish_sign_in(&state, &answer, std::slice::from_ref(&stored))
            .unwrap();
        assert!(signed.updated.is_none());
    }
}

#[test]
fn an_account_holds_several_passkeys_and_excludes_them_from_registration() {
    let party = RelyingParty::new(ORIGIN).unwrap();
    let mut laptop = Authenticator::new(ORIGIN);
    let mut phone = Authenticator::new(ORIGIN);
    let user = Uuid::from_u128(7);
    let first = register(&party, &mut laptop, user);
    let (options, state) = party
        .start_registration(user, "claire", std::slice::from_ref(&first.id))
        .unwrap();
    let excluded = &options["publicKey"]["excludeCredentials"];
    assert_eq!(excluded[0]["id"], first.id.as_str(), "{options}");
    // The laptop already holds one: the browser refuses to make another.
    assert!(laptop.create(&options).is_err());
    let second = party
        .finish_registration(&state, &phone.create(&options).unwrap())
        .unwrap();
    assert_ne!(second.id, first.id);
    let stored = [
        first.clone(),
        StoredPasskey {
            id: second.id.clone(),
            stored: second.stored,
        },
    ];
    for (authenticator, id) in [(&mut laptop, &first.id), (&mut phone, &second.id)] {
        let (options, state) = party.start_sign_in().unwrap();
        let answer = authenticator.get(&options, 0);
        assert_eq!(party.identify(&answer).unwrap(), (user, id.clone()));
        assert_eq!(
            &party.finish_sign_in(&state, &answer, &stored).unwrap().id,
            id
        );
    }
    // A revoked passkey (no longer stored) does not sign in.
    let (options, state) = party.start_sign_in().unwrap();
    let answer = phone.get(&options, 0);
    assert!(matches!(
        party.finish_sign_in(&state, &answer, std::slice::from_ref(&first)),
        Err(PasskeyError::UnknownPasskey)
    ));
}

#[test]
fn another_accounts_passkey_does_not_sign_in() {
    let party = RelyingParty::new(ORIGIN).unwrap();
    let mut claire = Authenticator::new(ORIGIN);
    let mut bob = Authenticator::new(ORIGIN);
    let claires = register(&party, &mut claire, Uuid::from_u128(1));
    let _bobs = register(&party, &mut bob, Uuid::from_u128(2));
    let (options, state) = party.start_sign_in().unwrap();
    let answer = bob.get(&options, 0);
    assert_eq!(party.identify(&answer).unwrap().0, Uuid::from_u128(2));
    // The server loads the account the answer names; given Claire's
    // passkeys instead, Bob's answer is not among them.
    assert!(matches!(
        party.finish_sign_in(&state, &answer, std::slice::from_ref(&claires)),
        Err(PasskeyError::UnknownPasskey)
    ));
    // And a stored passkey filed under another id is damaged data.
    let misfiled = StoredPasskey {
        id: party.identify(&answer).unwrap().1,
        stored: claires.stored.clone(),
    };
    assert!(matches!(
        party.finish_sign_in(&state, &answer, &[misfiled]),
        Err(PasskeyError::Stored(_))
    ));
}

#[test]
fn a_tampered_answer_is_refused() {
    let party = RelyingParty::new(ORIGIN).unwrap();
    let mut authenticator = Authenticator::new(ORIGIN);
    let stored = [register(&party, &mut authenticator, Uuid::from_u128(3))];

    let (options, state) = party.start_sign_in().unwrap();
    let answer = authenticator.get(&options, 0);

    // A byte of the signature.
    let mut tampered = answer.clone();
    let mut signature = unb64(&answer["response"]["signature"]);
    let last = signature.len() - 1;
    signature[last] ^= 1;
    tampered["response"]["signature"] = json!(b64(&signature));
    refused(party.finish_sign_in(&state, &tampered, &stored));

    // The counter in the signed data, raised to look fresh.
    let mut tampered = answer.clone();
    let mut auth_data = unb64(&answer["response"]["authenticatorData"]);
    auth_data[36] ^= 0x10;
    tampered["response"]["authenticatorData"] = json!(b64(&auth_data));
    refused(party.finish_sign_in(&state, &tampered, &stored));

    // The client data (its challenge swapped for another ceremony's).
    let (other_options, _) = party.start_sign_in().unwrap();
    let mut client_data: Value =
        serde_json::from_slice(&unb64(&answer["response"]["clientDataJSON"])).unwrap();
    client_data["challenge"] = other_options["publicKey"]["challenge"].clone();
    let mut tampered = answer.clone();
    tampered["response"]["clientDataJSON"] = json!(b64(client_data.to_string().as_bytes()));
    refused(party.finish_sign_in(&state, &tampered, &stored));

    // A user handle swapped for another account's changes only what
    // `identify` claims; the signature still has to be that passkey's, and
    // the server looks for it among that other account's passkeys.
    let mut tampered = answer.clone();
    tampered["response"]["userHandle"] = json!(b64(Uuid::from_u128(4).as_bytes()));
    assert_eq!(party.identify(&tampered).unwrap().0, Uuid::from_u128(4));

    // The untouched answer still signs in.
    assert!(party.finish_sign_in(&state, &answer, &stored).is_ok());
}

#[test]
fn a_replayed_answer_or_state_is_refused() {
    let party = RelyingParty::new(ORIGIN).unwrap();
    let mut authenticator = Authenticator::new(ORIGIN);
    let mut stored = register(&party, &mut authenticator, Uuid::from_u128(5));

    let (options, state) = party.start_sign_in().unwrap();
    let answer = authenticator.get(&options, 0);
    let signed = party
        .finish_sign_in(&state, &answer, std::slice::from_ref(&stored))
        .unwrap();
    stored.stored = signed.updated.unwrap();

    // The same answer under a later ceremony's state: another challenge.
    let (_, later_state) = party.start_sign_in().unwrap();
    refused(party.finish_sign_in(&later_state, &answer, std::slice::from_ref(&stored)));
    // The same answer under its own state again (which the server must have
    // deleted): the stored counter has moved past it.
    let error = refused(party.finish_sign_in(&state, &answer, std::slice::from_ref(&stored)));
    assert!(error.contains("refused"), "{error}");

    // A registration answer under another registration's state.
    let (options, _) = party
        .start_registration(Uuid::from_u128(5), "claire", &[])
        .unwrap();
    let answer = authenticator.create(&options).unwrap();
    let (_, other_state) = party
        .start_registration(Uuid::from_u128(5), "claire", &[])
        .unwrap();
    refused(party.finish_registration(&other_state, &answer));

    // A sign-in state is not a registration state, nor the reverse.
    let (_, sign_in_state) = party.start_sign_in().unwrap();
    assert!(matches!(
        party.finish_registration(&sign_in_state, &answer),
        Err(PasskeyError::State(_))
    ));
    let (options, _) = party.start_sign_in().unwrap();
    let sign_in_answer = authenticator.get(&options, 0);
    let (_, registration_state) = party
        .start_registration(Uuid::from_u128(5), "claire", &[])
        .unwrap();
    assert!(matches!(
        party.finish_sign_in(&registration_state, &sign_in_answer, &[stored]),
        Err(PasskeyError::State(_))
    ));
}

#[test]
fn an_answer_from_another_origin_or_relying_party_is_refused() {
    let party = RelyingParty::new(ORIGIN).unwrap();
    let mut authenticator = Authenticator::new(ORIGIN);
    let stored = [register(&party, &mut authenticator, Uuid::from_u128(6))];

    // A phishing page relays the server's options; the browser reports the
    // page's own origin.
    for origin in [
        "https://towers.example.org.evil.example",
        "https://evil.example.org",
        "http://towers.example.org",
        "https://towers.example.org:8443",
        "https://sub.towers.example.org",
    ] {
        let (options, state) = party.start_sign_in().unwrap();
        authenticator.origin = origin.to_string();
        let answer = authenticator.get(&options, 0);
        refused(party.finish_sign_in(&state, &answer, &stored));

        let (options, state) = party
            .start_registration(Uuid::from_u128(6), "claire", &[])
            .unwrap();
        let answer = authenticator.create(&options).unwrap();
        refused(party.finish_registration(&state, &answer));
    }

    // The right origin, but signed for another relying party id.
    let mut phished = Authenticator::new(ORIGIN);
    phished.rp_id_override = Some("example.org".into());
    let (options, state) = party
        .start_registration(Uuid::from_u128(6), "claire", &[])
        .unwrap();
    let answer = phished.create(&options).unwrap();
    refused(party.finish_registration(&state, &answer));

    // A passkey of the local test server does not sign in to the public one.
    let local = RelyingParty::new("http://localhost:8080").unwrap();
    let mut local_authenticator = Authenticator::new("http://localhost:8080");
    let local_stored = [register(
        &local,
        &mut local_authenticator,
        Uuid::from_u128(6),
    )];
    let (options, state) = party.start_sign_in().unwrap();
    let mut answer_options = options.clone();
    answer_options["publicKey"]["rpId"] = json!("localhost");
    let answer = local_authenticator.get(&answer_options, 0);
    refused(party.finish_sign_in(&state, &answer, &local_stored));
}

#[test]
fn user_verification_is_required() {
    let party = RelyingParty::new(ORIGIN).unwrap();
    let mut authenticator = Authenticator::new(ORIGIN);
    authenticator.verifies = false;
    let (options, state) = party
        .start_registration(Uuid::from_u128(8), "claire", &[])
        .unwrap();
    refused(party.finish_registration(&state, &authenticator.create(&options).unwrap()));

    authenticator.verifies = true;
    authenticator.credentials.clear();
    let stored = [register(&party, &mut authenticator, Uuid::from_u128(8))];
    authenticator.verifies = false;
    let (options, state) = party.start_sign_in().unwrap();
    let answer = authenticator.get(&options, 0);
    refused(party.finish_sign_in(&state, &answer, &stored));
}

#[test]
fn a_credential_the_browser_says_was_not_kept_is_refused() {
    let party = RelyingParty::new(ORIGIN).unwrap();
    let mut authenticator = Authenticator::new(ORIGIN);
    let (options, state) = party
        .start_registration(Uuid::from_u128(9), "claire", &[])
        .unwrap();
    let mut answer = authenticator.create(&options).unwrap();
    answer["clientExtensionResults"]["credProps"]["rk"] = json!(false);
    assert!(matches!(
        party.finish_registration(&state, &answer),
        Err(PasskeyError::NotDiscoverable)
    ));
    // Without credProps (a browser that does not report it) it is kept.
    answer["clientExtensionResults"] = json!({});
    assert!(party.finish_registration(&state, &answer).is_ok());
}

#[test]
fn hostile_json_gives_errors_not_panics() {
    let party = RelyingParty::new(ORIGIN).unwrap();
    let mut authenticator = Authenticator::new(ORIGIN);
    let user = Uuid::from_u128(10);
    let stored = [register(&party, &mut authenticator, user)];
    let (registration_options, registration_state) =
        party.start_registration(user, "claire", &[]).unwrap();
    let registration = authenticator.create(&registration_options).unwrap();
    let (options, state) = party.start_sign_in().unwrap();
    let sign_in = authenticator.get(&options, 0);

    let huge = "A".repeat(4 << 20);
    // The user handle is not signed: it only says which account's passkeys
    // the server loads (see `another_accounts_passkey_does_not_sign_in`), so
    // answers damaged only there must not panic, and may pass.
    let mut unsigned = Vec::new();
    let mut hostile = vec![
        json!({}),
        json!(null),
        json!([]),
        json!("text"),
        json!(17),
        json!({"id": 5, "rawId": true, "response": [], "type": {}}),
        json!({"id": "x", "rawId": "!!!", "response": {}, "type": "public-key"}),
        json!({"id": huge, "rawId": huge, "type": "public-key",
               "response": {"clientDataJSON": huge, "attestationObject": huge,
                            "authenticatorData": huge, "signature": huge, "userHandle": huge}}),
    ];
    for (answer, fields) in [
        (
            &registration,
            &["rawId", "clientDataJSON", "attestationObject", "transports"][..],
        ),
        (
            &sign_in,
            &[
                "rawId",
                "clientDataJSON",
                "authenticatorData",
                "signature",
                "userHandle",
            ][..],
        ),
    ] {
        for field in fields {
            for junk in [
                json!(null),
                json!(""),
                json!(7),
                json!("@@@"),
                json!({}),
                json!([1, 2, 300]),
                json!(huge),
                json!(b64(&[0xff; 2000])),
                json!(vec![0u8; 70_000]),
            ] {
                let mut bad = answer.clone();
                if *field == "rawId" {
                    bad[field] = junk;
                } else {
                    bad["response"][field] = junk;
                }
                if *field == "userHandle" {
                    unsigned.push(bad);
                } else {
                    hostile.push(bad);
                }
            }
        }
    }
    // Random damage to the good answers' bytes.
    let mut rng = StdRng::seed_from_u64(20240501);
    for _ in 0..400 {
        for (answer, fields) in [
            (&registration, &["clientDataJSON", "attestationObject"][..]),
            (
                &sign_in,
                &[
                    "clientDataJSON",
                    "authenticatorData",
                    "signature",
                    "userHandle",
                ][..],
            ),
        ] {
            let field = fields[rng.random_range(0..fields.len())];
            let mut bytes = unb64(&answer["response"][field]);
            match rng.random_range(0..3) {
                0 => {
                    let at = rng.random_range(0..bytes.len());
                    bytes[at] = rng.random();
                }
                1 => bytes.truncate(rng.random_range(0..bytes.len())),
                _ => bytes.extend((0..rng.random_range(1..64)).map(|_| rng.random::<u8>())),
            }
            let mut bad = answer.clone();
            bad["response"][field] = json!(b64(&bytes));
            if field == "userHandle" {
                unsigned.push(bad);
            } else {
                hostile.push(bad);
            }
        }
    }

    let mut identified = 0;
    for answer in &hostile {
        // None of these may panic, and none but the good answer (which a
        // random byte may have left as it was) may pass.
        let _ = party.finish_registration(&registration_state, answer);
        assert!(
            party.finish_sign_in(&state, answer, &stored).is_err() || answer == &sign_in,
            "{answer:#}\n{sign_in:#}"
        );
        if party.identify(answer).is_ok() {
            identified += 1;
        }
    }
    for answer in &unsigned {
        let _ = party.identify(answer);
        let _ = party.finish_sign_in(&state, answer, &stored);
    }
    assert!(identified > 0);
    for answer in &hostile[..8] {
        assert!(party
            .finish_registration(&registration_state, answer)
            .is_err());
        assert!(party.identify(answer).is_err());
    }
    // A credential id over WebAuthn's 1023 bytes is not one.
    let mut long = sign_in.clone();
    long["rawId"] = json!(b64(&[1u8; 1024]));
    assert!(party.identify(&long).is_err());
    // A user handle that is not an account's uuid names no account.
    let mut no_account = sign_in.clone();
    no_account["response"]["userHandle"] = json!(b64(b"claire"));
    assert!(matches!(
        party.identify(&no_account),
        Err(PasskeyError::NoAccount)
    ));
    no_account["response"]
        .as_object_mut()
        .unwrap()
        .remove("userHandle");
    assert!(matches!(
        party.identify(&no_account),
        Err(PasskeyError::NoAccount)
    ));

    // Damaged states and stored passkeys.
    for junk in [
        "",
        "{}",
        "null",
        "[]",
        "\"x\"",
        "{\"rs\": 5}",
        "{\"ast\": {}}",
        &huge,
    ] {
        assert!(matches!(
            party.finish_registration(junk, &registration),
            Err(PasskeyError::State(_))
        ));
        assert!(matches!(
            party.finish_sign_in(junk, &sign_in, &stored),
            Err(PasskeyError::State(_))
        ));
        let damaged = StoredPasskey {
            id: stored[0].id.clone(),
            stored: junk.to_string(),
        };
        assert!(matches!(
            party.finish_sign_in(&state, &sign_in, &[damaged]),
            Err(PasskeyError::Stored(_))
        ));
    }
    // After all that, the good answers still pass.
    assert!(party
        .finish_registration(&registration_state, &registration)
        .is_ok());
    assert!(party.finish_sign_in(&state, &sign_in, &stored).is_ok());
}

#[test]
fn credential_ids_cross_json_as_text() {
    let id: CredentialId = "AQID".parse().unwrap();
    assert_eq!(serde_json::to_value(&id).unwrap(), json!("AQID"));
    assert_eq!(
        serde_json::from_value::<CredentialId>(json!("AQID")).unwrap(),
        id
    );
    assert!(serde_json::from_value::<CredentialId>(json!("AQID=")).is_err());
    assert!(serde_json::from_value::<CredentialId>(json!(5)).is_err());
}

#[test]
fn registration_needs_a_name() {
    let party = RelyingParty::new(ORIGIN).unwrap();
    assert!(matches!(
        party.start_registration(Uuid::from_u128(1), "", &[]),
        Err(PasskeyError::Start(_))
    ));
}
