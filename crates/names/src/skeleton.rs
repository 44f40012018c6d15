//! The identity a name shows: the case-insensitive confusable skeleton of
//! Unicode TR39 (Unicode Technical Standard #39, section 4, "Confusable
//! Detection").
//!
//! TR39 makes two strings confusable when their skeletons are equal, the
//! skeleton being NFD, then each character's prototype from
//! confusables.txt (default-ignorable code points dropped), then NFD
//! again; for a comparison that ignores case it folds the case first. So
//! the skeleton here is, of the text composed (NFC), without its format
//! characters (Cf) and trimmed:
//!
//! `NFD(casefold(skeleton(casefold(NFD(text)))))`
//!
//! - full case folding (Unicode's CaseFolding.txt, by `caseless`): `ANN`,
//!   `Ann` and `ann` are one, as are `ß` and `ss`, `ς` and `σ`;
//! - the skeleton (by `unicode-security`, TR39's own tables): the
//!   Cyrillic `а` is the Latin `a`, the Greek `ο` is `o`, `m` is `rn`,
//!   `1` is `l`;
//! - the case folded again, since a prototype may be a capital letter,
//!   and NFD again, so that the skeleton is one string for one identity.
//!
//! Fullwidth (`ａｎｎ`) and mathematical (`𝐚𝐧𝐧`) letters need no NFKC of
//! their own: confusables.txt maps each to its plain letter, so the
//! skeleton is TR39's alone, with no compatibility normalisation added.
//!
//! A skeleton is not a name to show: it is a key to compare and to index
//! (`ann`'s is `ann`, `Stormborn`'s is `storrnborn`). It follows the
//! Unicode version of the tables: a store that keeps skeletons computes
//! them again from the names it keeps when those tables change.

use std::fmt;

use caseless::Caseless;
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// The case-insensitive TR39 skeleton of a name ([`skeleton_of`]): two
/// names with one skeleton look alike, and are one identity.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Skeleton(String);

impl Skeleton {
    /// A skeleton as [`Skeleton::as_str`] gave it, read back from a store
    /// (a column beside the name): taken as it is, not computed again.
    pub fn from_stored(text: String) -> Skeleton {
        Skeleton(text)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Skeleton {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The skeleton of `text` taken as a name (see the module's note): of its
/// composed form (NFC), without format characters (Cf) and trimmed. So
/// it is the skeleton of any text, a stored name that a new one could not
/// be included: a stored `an\u{200B}n`'s is `ann`'s.
pub fn skeleton_of(text: &str) -> Skeleton {
    let visible: String = text
        .nfc()
        .filter(|&c| c.general_category() != GeneralCategory::Format)
        .collect();
    let folded: String = visible.trim().chars().nfd().default_case_fold().collect();
    Skeleton(
        unicode_security::skeleton(&folded)
            .default_case_fold()
            .nfd()
            .collect(),
    )
}
