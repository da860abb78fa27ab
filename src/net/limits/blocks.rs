//! Address blocks: the limits count an IPv6 client by its network (a /64
//! by default), not by its address, since one home or one cloud machine
//! holds a whole /64 and could otherwise take a fresh address for every
//! connection. OpenSSH's `PerSourceNetBlockSize`, whose default this is.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::str::FromStr;

/// The prefix lengths that group addresses into blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetBlocks {
    /// The bits of an IPv4 address that name its block (1 to 32).
    pub v4: u8,
    /// The bits of an IPv6 address that name its block (1 to 128).
    pub v6: u8,
}

impl Default for NetBlocks {
    /// Each IPv4 address a block of its own; IPv6 by /64.
    fn default() -> NetBlocks {
        NetBlocks { v4: 32, v6: 64 }
    }
}

/// Why a `--net-block` text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetBlocksError {
    /// Not two numbers around a colon.
    #[error("`{0}` is not two prefix lengths such as 32:64 (IPv4:IPv6)")]
    Form(String),
    /// A prefix length out of range.
    #[error("an {family} prefix length is 1 to {most}, not {given}")]
    Range {
        /// `IPv4` or `IPv6`.
        family: &'static str,
        /// The largest allowed.
        most: u8,
        /// The one given.
        given: String,
    },
}

impl FromStr for NetBlocks {
    type Err = NetBlocksError;

    /// Reads `V4:V6` (`32:64`), or `V4` alone (IPv6 keeps /64).
    fn from_str(text: &str) -> Result<NetBlocks, NetBlocksError> {
        let text = text.trim();
        let (v4, v6) = match text.split_once(':') {
            Some((v4, v6)) => (v4, Some(v6)),
            None => (text, None),
        };
        let length = |part: &str, family: &'static str, most: u8| {
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(NetBlocksError::Form(text.to_string()));
            }
            match part.parse::<u8>() {
                Ok(n) if (1..=most).contains(&n) => Ok(n),
                _ => Err(NetBlocksError::Range {
                    family,
                    most,
                    given: part.chars().take(12).collect(),
                }),
            }
        };
        let v4 = length(v4, "IPv4", 32)?;
        let v6 = match v6 {
            Some(v6) => length(v6, "IPv6", 128)?,
            None => NetBlocks::default().v6,
        };
        Ok(NetBlocks { v4, v6 })
    }
}

impl fmt::Display for NetBlocks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.v4, self.v6)
    }
}

impl NetBlocks {
    /// The block of `address`: the address with the bits past its prefix
    /// cleared. An IPv4 address mapped into IPv6 (`::ffff:a.b.c.d`, what a
    /// server listening on `[::]` sees) is read as the IPv4 address.
    pub fn block(&self, address: IpAddr) -> IpAddr {
        match address.to_canonical() {
            IpAddr::V4(v4) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(self.v4)).unwrap_or(0);
                IpAddr::V4(Ipv4Addr::from(u32::from(v4) & mask))
            }
            IpAddr::V6(v6) => {
                let mask = u128::MAX.checked_shl(128 - u32::from(self.v6)).unwrap_or(0);
                IpAddr::V6(Ipv6Addr::from(u128::from(v6) & mask))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn ipv6_addresses_are_grouped_by_their_64_bit_network() {
        let blocks = NetBlocks::default();
        let a = blocks.block(ip("2001:db8:1:2:aaaa::1"));
        assert_eq!(a, ip("2001:db8:1:2::"));
        assert_eq!(blocks.block(ip("2001:db8:1:2:ffff:ffff:ffff:ffff")), a);
        assert_ne!(blocks.block(ip("2001:db8:1:3::1")), a);
        // IPv4 alone, each address its own block; mapped into IPv6 too.
        assert_eq!(blocks.block(ip("192.0.2.7")), ip("192.0.2.7"));
        assert_eq!(blocks.block(ip("::ffff:192.0.2.7")), ip("192.0.2.7"));
        let wide: NetBlocks = "24:48".parse().unwrap();
        assert_eq!(wide.block(ip("192.0.2.7")), ip("192.0.2.0"));
        assert_eq!(wide.block(ip("2001:db8:1:2::1")), ip("2001:db8:1::"));
        let whole: NetBlocks = "32:128".parse().unwrap();
        assert_eq!(whole.block(ip("2001:db8::1")), ip("2001:db8::1"));
        let one: NetBlocks = "1:1".parse().unwrap();
        assert_eq!(one.block(ip("200.1.2.3")), ip("128.0.0.0"));
    }

    #[test]
    fn net_blocks_read_two_prefix_lengths() {
        assert_eq!("32:64".parse(), Ok(NetBlocks::default()));
        assert_eq!("24".parse(), Ok(NetBlocks { v4: 24, v6: 64 }));
        assert_eq!(" 16:48 ".parse(), Ok(NetBlocks { v4: 16, v6: 48 }));
        for bad in ["", ":", "32:", ":64", "a:b", "32:64:1", "-1:64", "+32:64"] {
            assert!(
                matches!(bad.parse::<NetBlocks>(), Err(NetBlocksError::Form(_))),
                "{bad}"
            );
        }
        let range = "33:64".parse::<NetBlocks>().unwrap_err().to_string();
        assert_eq!(range, "an IPv4 prefix length is 1 to 32, not 33");
        assert!("0:64".parse::<NetBlocks>().is_err());
        assert!("32:129".parse::<NetBlocks>().is_err());
        assert!("32:0".parse::<NetBlocks>().is_err());
        assert!("32:99999999999999999999".parse::<NetBlocks>().is_err());
    }

    proptest! {
        #[test]
        fn any_text_reads_or_is_refused_without_a_panic(text in "\\PC{0,24}") {
            let _ = text.parse::<NetBlocks>();
        }

        #[test]
        fn net_blocks_read_back_what_they_print(v4 in 1u8..=32, v6 in 1u8..=128) {
            let blocks = NetBlocks { v4, v6 };
            prop_assert_eq!(blocks.to_string().parse::<NetBlocks>(), Ok(blocks));
        }

        #[test]
        fn a_block_holds_its_address_and_is_its_own_block(
            raw in any::<u128>(), v4 in 1u8..=32, v6 in 1u8..=128, four in any::<bool>(),
        ) {
            let blocks = NetBlocks { v4, v6 };
            let address = if four {
                IpAddr::V4(Ipv4Addr::from(raw as u32))
            } else {
                IpAddr::V6(Ipv6Addr::from(raw))
            };
            let block = blocks.block(address);
            prop_assert_eq!(blocks.block(block), block);
            prop_assert_eq!(blocks.block(address.to_canonical()), block);
        }
    }
}
