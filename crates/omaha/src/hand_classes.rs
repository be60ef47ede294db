//! The suit-isomorphic classes of Omaha hands of `N` cards ([`SuitClasses`]), with every hand
//! of every class listed on first use: the one definition behind four-card Omaha's 16,432
//! classes ([`crate::plo4_classes`]) and five-card Omaha's 134,459 ([`crate::plo5_classes`]).

use std::sync::OnceLock;

use deck::Card;
use deck::suit_classes::SuitClasses;

/// The classes of `N`-card hands and, made on first use, every hand grouped by class.
#[derive(Debug)]
pub struct HandClasses<const N: usize> {
    classes: SuitClasses<N>,
    /// Every hand, grouped by class (each in ascending card order), and where each class's
    /// hands begin.
    grouped: OnceLock<(Vec<[Card; N]>, Vec<u32>)>,
}

impl<const N: usize> HandClasses<N> {
    /// The classes, made by going through every `N`-card hand once.
    pub fn every() -> Self {
        Self {
            classes: SuitClasses::every(),
            grouped: OnceLock::new(),
        }
    }

    /// The suit classes themselves.
    pub fn classes(&self) -> &SuitClasses<N> {
        &self.classes
    }

    /// The number of classes.
    pub fn count(&self) -> usize {
        self.classes.count()
    }

    /// The combos of `class`; 0 past the last.
    pub fn combos(&self, class: usize) -> u32 {
        self.classes.combos(class)
    }

    /// The hands of `class`, [`HandClasses::combos`] of them, each in ascending card order;
    /// none past the last class.
    pub fn hands(&self, class: usize) -> &[[Card; N]] {
        let (hands, starts) = self.grouped.get_or_init(|| {
            let count = self.count();
            let mut starts = vec![0u32; count + 1];
            for class in 0..count {
                starts[class + 1] = starts[class] + self.combos(class);
            }
            let mut next = starts.clone();
            let mut hands = vec![[Card::from_index(0); N]; starts[count] as usize];
            SuitClasses::<N>::for_each_set(|cards| {
                let slot = &mut next[self.classes.class_of(cards)];
                hands[*slot as usize] = *cards;
                *slot += 1;
            });
            (hands, starts)
        });
        match (starts.get(class), starts.get(class + 1)) {
            (Some(&a), Some(&b)) => &hands[a as usize..b as usize],
            _ => &[],
        }
    }
}
