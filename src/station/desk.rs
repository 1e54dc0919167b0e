//! This desk's identity in a shared warehouse record: a random id generated at its first start
//! and kept in a file beside the settings. Claims carry it, because two desks may well share a
//! name ("Packing station") and a desk must recognise its own claim after a restart.

use std::path::Path;

/// Reads the desk's id at `path`, creating it (and its directory) the first time.
pub fn load_or_create_desk_id(path: &Path) -> std::io::Result<String> {
    match std::fs::read_to_string(path) {
        Ok(text) if !text.trim().is_empty() => return Ok(text.trim().to_owned()),
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    let id = uuid::Uuid::new_v4().to_string();
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, &id)?;
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn created_once_then_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("nested/desk-id");
        let first = load_or_create_desk_id(&path).unwrap();
        assert_eq!(load_or_create_desk_id(&path).unwrap(), first);
        let other = load_or_create_desk_id(&dir.path().join("other")).unwrap();
        assert_ne!(other, first);
    }
}
