//! A queue of at most the ten pieces a game has, held inline: the inkast
//! phase's pieces still to throw and those the defenders place. A turn
//! that begins with pieces down makes one, so a play-out on the rules
//! engine makes one every turn; inline it costs no allocation.

use std::fmt;

/// Room for every piece of a game, and a power of two for the ring's index.
const CAPACITY: usize = 16;

/// Items in order, first out first; at most 16, room for the ten pieces a
/// game has (each in a queue at most once).
#[derive(Clone, Copy)]
pub struct Queue<T: Copy + Default> {
    items: [T; CAPACITY],
    start: u8,
    len: u8,
}

impl<T: Copy + Default> Queue<T> {
    pub fn new() -> Queue<T> {
        Queue {
            items: [T::default(); CAPACITY],
            start: 0,
            len: 0,
        }
    }

    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The first item, if any.
    pub fn first(&self) -> Option<T> {
        (!self.is_empty()).then(|| self.items[usize::from(self.start)])
    }

    pub fn push_back(&mut self, item: T) {
        assert!(
            self.len() < CAPACITY,
            "a queue holds at most {CAPACITY} items"
        );
        self.items[self.slot(self.len())] = item;
        self.len += 1;
    }

    pub fn push_front(&mut self, item: T) {
        assert!(
            self.len() < CAPACITY,
            "a queue holds at most {CAPACITY} items"
        );
        self.start = ((usize::from(self.start) + CAPACITY - 1) % CAPACITY) as u8;
        self.items[usize::from(self.start)] = item;
        self.len += 1;
    }

    pub fn pop_front(&mut self) -> Option<T> {
        let first = self.first()?;
        self.start = ((usize::from(self.start) + 1) % CAPACITY) as u8;
        self.len -= 1;
        Some(first)
    }

    /// The items in order.
    pub fn iter(&self) -> impl Iterator<Item = T> + '_ {
        (0..self.len()).map(|index| self.items[self.slot(index)])
    }

    fn slot(&self, index: usize) -> usize {
        (usize::from(self.start) + index) % CAPACITY
    }
}

impl<T: Copy + Default> Default for Queue<T> {
    fn default() -> Queue<T> {
        Queue::new()
    }
}

/// Two queues are equal when they hold the same items in the same order.
impl<T: Copy + Default + PartialEq> PartialEq for Queue<T> {
    fn eq(&self, other: &Queue<T>) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl<T: Copy + Default + fmt::Debug> fmt::Debug for Queue<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Copy + Default> FromIterator<T> for Queue<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Queue<T> {
        let mut queue = Queue::new();
        for item in items {
            queue.push_back(item);
        }
        queue
    }
}

#[cfg(test)]
mod tests {
    use super::{Queue, CAPACITY};
    use proptest::prelude::*;
    use std::collections::VecDeque;

    proptest! {
        /// Any sequence of pushes at either end and pops leaves the queue
        /// holding what a `VecDeque` given the same operations holds, also
        /// once its ring has wrapped around.
        #[test]
        fn a_queue_holds_what_a_deque_would(operations in prop::collection::vec((0u8..3, any::<u8>()), 0..200)) {
            let mut queue = Queue::<u8>::new();
            let mut deque = VecDeque::new();
            for (operation, item) in operations {
                match operation {
                    0 if deque.len() < CAPACITY => {
                        queue.push_back(item);
                        deque.push_back(item);
                    }
                    1 if deque.len() < CAPACITY => {
                        queue.push_front(item);
                        deque.push_front(item);
                    }
                    _ => prop_assert_eq!(queue.pop_front(), deque.pop_front()),
                }
                prop_assert_eq!(queue.iter().collect::<Vec<_>>(), Vec::from(deque.clone()));
                prop_assert_eq!(queue.len(), deque.len());
                prop_assert_eq!(queue.first(), deque.front().copied());
            }
            let same: Queue<u8> = deque.iter().copied().collect();
            prop_assert_eq!(same, queue, "equal by their items, wherever the ring starts");
        }
    }
}
