//! A metered JavaScript-subset interpreter with async host calls
