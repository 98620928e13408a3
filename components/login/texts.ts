/** The sign-in screen's own words (spec section 2 "Login screen", section 8), shared by its parts and tests. */
export const SMS_TEXT = "We'll send you a verification code via SMS";
export const SEND_FAILED = "Failed to send verification code. Please try again.";
export const VERIFY_FAILED = "Something went wrong. Please try again.";
export const TENANT_LOADING = "Please wait while tenant information is loading...";
