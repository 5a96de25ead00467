import Foundation

/// Builds an app's one-trip statement — one that signs its caller in itself — so that it
/// cannot forget whose data it reads or writes.
///
/// The builder writes the sign-in (`signed_in`, from the caller's bearer token or session
/// cookie) and hands the app's part a `SignInGuard`: the sign-in's columns, which the
/// statement selects first (`SignInCaller.signIn` reads them), and the signed-in account's
/// id, which exists only while the sign-in is valid. Every read and write of the app's part
/// goes through that id; a statement that never uses it, or never selects the sign-in,
/// stops the server the first time it is built (every statement has a test).
public enum SignedInSQL {
    /// A statement for one caller, `$1`–`$3` bound by `SignInCaller.Credential.bindings`
    /// (its own parameters start at `$4`): `source`'s `WITH signed_in AS (…)`, then `body`,
    /// which may continue the `WITH` with `, name AS (…)`.
    public static func statement(_ name: String, _ source: any SignInSource.Type, _ body: (SignInGuard) -> String) -> String {
        let guardian = SignInGuard(accountID: SignIn.accountID)
        let sql = source.sql + body(guardian)
        guardian.check(name)
        return sql
    }

    /// A statement for many callers at once (`Batcher`), signed in by bearer tokens: the
    /// relation `input` has a row per caller with `n` (the caller's number), `secret_hash`,
    /// `now` and `app`. `body` goes after `WITH <input CTE>, signed_in AS (…)`; `signed_in`
    /// has a row, with `n`, for each caller whose token is known, and the guard's account id
    /// is `signed_in.id`, to be used with `guard.valid` (the caller's sign-in lets them in).
    public static func batch(_ name: String, input: String, forEachOf relation: String, _ body: (SignInGuard) -> String) -> String {
        let guardian = SignInGuard(accountID: "signed_in.id", valid: "signed_in.valid")
        let sql = "WITH \(input),\n" + SignIn.BearerToken.sql(forEachOf: relation) + body(guardian)
        guardian.check(name)
        return sql
    }
}

/// What an app's part of a `SignedInSQL` statement reads of its caller's sign-in. Used
/// while the statement's text is built, once.
public final class SignInGuard {
    private let accountIDExpression: String
    private let validExpression: String
    private var usedAccountID = false
    private var usedColumns = false

    init(accountID: String, valid: String = "true") {
        self.accountIDExpression = accountID
        self.validExpression = valid
    }

    /// The signed-in account's id: the guard of every read and write. For one caller it is
    /// NULL unless the sign-in is valid; in a batch, pair it with `valid`.
    public var accountID: String {
        usedAccountID = true
        return accountIDExpression
    }

    /// Whether the caller's sign-in lets them in (a batch's guard; `true` for one caller,
    /// whose `accountID` already says so).
    public var valid: String { validExpression }

    /// The sign-in's columns, to select first (`SignIn.decode`).
    public var columns: String {
        usedColumns = true
        return SignIn.columns
    }

    func check(_ name: String) {
        precondition(usedColumns, "Statement \(name) does not select its caller's sign-in")
        precondition(usedAccountID, "Statement \(name) does not guard its reads and writes by the signed-in account")
    }
}
