import { describe, expect, it } from "vitest";
import { cookieValue } from "~/cookie-header";

describe("cookieValue", () => {
  it("reads the first cookie of that name, as sent", () => {
    expect(cookieValue("a=1; portal_session=abc.def%3D; b=2", "portal_session")).toBe("abc.def%3D");
    expect(cookieValue("portal_session=first;portal_session=second", "portal_session")).toBe("first");
    expect(cookieValue("x=a=b", "x")).toBe("a=b");
    expect(cookieValue(" spaced = v ", "spaced")).toBe("v");
  });

  it("answers null without that cookie, or without a header", () => {
    expect(cookieValue("xportal_session=1; portal_session_x=2", "portal_session")).toBeNull();
    expect(cookieValue("novalue", "novalue")).toBeNull();
    expect(cookieValue(null, "a")).toBeNull();
    expect(cookieValue("", "a")).toBeNull();
  });
});
