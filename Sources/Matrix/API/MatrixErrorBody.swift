// MatrixErrorBody: the standard error answer `{errcode, error, soft_logout, retry_after_ms}`.

/// A Matrix error answer.
struct MatrixErrorBody: Decodable {
    let errcode: String?
    let error: String?
    let softLogout: Bool?
    let retryAfterMilliseconds: Int?

    enum CodingKeys: String, CodingKey {
        case errcode, error
        case softLogout = "soft_logout"
        case retryAfterMilliseconds = "retry_after_ms"
    }
}
