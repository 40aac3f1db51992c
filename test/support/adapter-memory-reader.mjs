// Reads a memory adapter's store directly, past the adapter, for the conformance suite's `db` option:
// the suite then checks what memory() really stored, not what it says it stored.

/** @param {import("../../src/runtime/adapters/memory.js").MemoryStore} store */
export function memoryStoreReader(store) {
  /** Copies, as a database read would: the suite must not be able to touch the store through them. */
  const read = (record) => Promise.resolve(record ? structuredClone(record) : null);
  return {
    user: (id) => read(store.users.get(id)),
    account: ({ provider, providerAccountId }) =>
      read(
        [...store.accounts.values()].find(
          (account) => account.provider === provider && account.providerAccountId === providerAccountId,
        ),
      ),
    session: (sessionToken) => read(store.sessions.get(sessionToken)),
    verificationToken: ({ identifier, token }) =>
      read(
        [...store.verificationTokens.values()].find((item) => item.identifier === identifier && item.token === token),
      ),
    authenticator: (credentialID) => read(store.authenticators.get(credentialID)),
    password: (userId) => read(store.passwords?.get(userId)),
  };
}
