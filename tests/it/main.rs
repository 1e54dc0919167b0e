fn main() {}
mod landed_cost;
