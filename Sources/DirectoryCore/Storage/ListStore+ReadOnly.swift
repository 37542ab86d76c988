/// The default for stores with no permissions to respect (in memory, a database).
extension ListStore {
    /// Accepts every path: nothing in such a store is read-only.
    public func refuseReadOnly(path: String) throws(StorageError) {}
}
