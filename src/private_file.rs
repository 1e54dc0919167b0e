//! Files only their owner may read (mode 0600 on Unix): the service's keys, the warehouse
//! server's certificate key, PIN pepper and provider credentials.

use std::io::Write as _;
use std::path::Path;

/// How a private file is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Write {
    /// Only if it does not exist yet (a secret made once must never be replaced by another).
    CreateNew,
    /// Whole, replacing what was there: written beside it and renamed over it, so a crash
    /// leaves the old file or the new one, never half of one.
    Replace,
}

/// Writes `bytes` to `path`, readable by its owner only, and syncs it to disk.
pub fn write(path: &Path, bytes: &[u8], how: Write) -> std::io::Result<()> {
    match how {
        Write::CreateNew => write_new(path, bytes),
        Write::Replace => {
            let mut name = path.file_name().unwrap_or_default().to_os_string();
            name.push(".new");
            let staged = path.with_file_name(name);
            match std::fs::remove_file(&staged) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
            write_new(&staged, bytes)?;
            std::fs::rename(&staged, path)
        }
    }
}

fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    fn mode(path: &Path) -> u32 {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn created_once_replaced_whole_and_private() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("secret");
        write(&path, b"one", Write::CreateNew).unwrap();
        let again = write(&path, b"two", Write::CreateNew).unwrap_err();
        assert_eq!(again.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&path).unwrap(), b"one");
        write(&path, b"three", Write::Replace).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"three");
        assert!(!dir.path().join("secret.new").exists());
        #[cfg(unix)]
        assert_eq!(mode(&path), 0o600);
    }
}
