import { describe, expect, it } from "vitest";

import {
  filesInFolders,
  folderAt,
  convertedNames,
  convertibleImage,
  DOCUMENT_MESSAGES,
  folderPermissions,
  folderRuleMatches,
  folderTree,
  isStaffOnlyPath,
  nameError,
  normalizePath,
  renamedFileName,
  restoredName,
  TakenNames,
  type DocumentPreferences,
} from "../../app/documents/rules";

const prefs: DocumentPreferences = {
  hideDocumentsViewFromClients: false,
  disableFolderAction: false,
  disableFileEditAction: false,
  foldersWhereClientActionsDisabled: [],
};
const client = { kind: "client" as const, userReadonly: false, entityReadonly: false };

describe("names and paths", () => {
  it("refuses '/', '..', backslashes, control characters and empty names", () => {
    for (const bad of ["", "  ", "a/b", "../x", "..", "a\\b", "a\u0000b", "x".repeat(256)]) expect(nameError(bad), bad).not.toBeNull();
    expect(nameError("W-2 2025.pdf")).toBeNull();
  });
  it("normalizes paths to '/' or '/A/B' and refuses traversal", () => {
    expect(normalizePath(null)).toBe("/");
    expect(normalizePath("")).toBe("/");
    expect(normalizePath("/2025/Tax Return/")).toBe("/2025/Tax Return");
    expect(normalizePath("2025//W2")).toBe("/2025/W2");
    expect(normalizePath("/a/../b")).toBeNull();
  });
  it("rename keeps the extension", () => {
    expect(renamedFileName("W2.pdf", "Wages")).toBe("Wages.pdf");
    expect(renamedFileName("W2.pdf", "Wages.png")).toBe("Wages.pdf");
    expect(renamedFileName("scan.JPG", "Receipt.jpg")).toBe("Receipt.JPG");
    expect(renamedFileName("notes", "Other")).toBe("Other");
  });
});

describe("folder tree", () => {
  it("lists folders only, parents included, sorted", () => {
    const tree = folderTree(["/2025/W2", "/", "/2024", "/2025"]);
    expect(tree.path).toBe("/");
    expect(tree.children.map((c) => c.name)).toEqual(["2024", "2025"]);
    expect(tree.children[1].children.map((c) => c.path)).toEqual(["/2025/W2"]);
  });
  it("finds a folder by path, and counts the files each holds with its subfolders'", () => {
    const tree = folderTree(["/2025/W2", "/2024", "/2025"]);
    expect(folderAt(tree, "/")).toBe(tree);
    expect(folderAt(tree, "/2025/W2")?.name).toBe("W2");
    expect(folderAt(tree, "/2026")).toBeNull();
    const counts = filesInFolders(
      ["/2024", "/2025", "/20"],
      [
        { path: "/", files: 4 },
        { path: "/2025", files: 2 },
        { path: "/2025/W2", files: 3 },
        { path: "/20250", files: 7 },
      ],
    );
    expect(counts).toEqual({ "/2024": 0, "/2025": 5, "/20": 0 });
  });
  it("knows STAFF ONLY folders at any depth", () => {
    expect(isStaffOnlyPath("/2025/Notes STAFF ONLY/x")).toBe(true);
    expect(isStaffOnlyPath("/staff only")).toBe(true);
    expect(isStaffOnlyPath("/Staff")).toBe(false);
  });
});

describe("{year} folder rules", () => {
  it("match years 2000 to 2034 and what is inside", () => {
    expect(folderRuleMatches("/{year}/Tax Return", "/2025/Tax Return")).toBe(true);
    expect(folderRuleMatches("/{year}/Tax Return", "/2000/Tax Return/Copies")).toBe(true);
    expect(folderRuleMatches("/{year}/Tax Return", "/2034/tax return")).toBe(true);
    expect(folderRuleMatches("/{year}/Tax Return", "/2035/Tax Return")).toBe(false);
    expect(folderRuleMatches("/{year}/Tax Return", "/1999/Tax Return")).toBe(false);
    expect(folderRuleMatches("/{year}/Tax Return", "/2025/Tax Returns")).toBe(false);
    expect(folderRuleMatches("Signed", "/Signed")).toBe(true);
    expect(folderRuleMatches("/", "/anything")).toBe(false);
  });
});

describe("client permissions", () => {
  it("staff may do everything, including in STAFF ONLY folders", () => {
    const p = folderPermissions({ ...prefs, hideDocumentsViewFromClients: true }, { kind: "staff", userReadonly: false, entityReadonly: false }, "/STAFF ONLY");
    expect(p).toMatchObject({ canView: true, canUpload: true, canEditFiles: true, canManageFolders: true, canDescribe: true });
  });
  it("clients get everything but descriptions by default", () => {
    expect(folderPermissions(prefs, client, "/")).toMatchObject({
      canView: true,
      canUpload: true,
      canEditFiles: true,
      canManageFolders: true,
      canDescribe: false,
    });
  });
  it("hidden documents and STAFF ONLY folders are not visible to clients", () => {
    expect(folderPermissions({ ...prefs, hideDocumentsViewFromClients: true }, client, "/").canView).toBe(false);
    expect(folderPermissions(prefs, client, "/Review STAFF ONLY").canView).toBe(false);
  });
  it("follows disable_folder_action and disable_file_edit_action", () => {
    expect(folderPermissions({ ...prefs, disableFolderAction: true }, client, "/")).toMatchObject({
      canManageFolders: false,
      canEditFiles: true,
      canUpload: true,
    });
    expect(folderPermissions({ ...prefs, disableFileEditAction: true }, client, "/")).toMatchObject({
      canManageFolders: true,
      canEditFiles: false,
      canUpload: true,
    });
  });
  it("folders where client actions are disabled say 'Disabled by firm'", () => {
    const p = folderPermissions({ ...prefs, foldersWhereClientActionsDisabled: ["/{year}/Tax Return"] }, client, "/2025/Tax Return");
    expect(p).toMatchObject({ canView: true, canUpload: false, canEditFiles: false, canManageFolders: false, reason: DOCUMENT_MESSAGES.disabledByFirm });
  });
  it("read-only users and entities get no actions", () => {
    expect(folderPermissions(prefs, { ...client, userReadonly: true }, "/")).toMatchObject({
      canView: true,
      canUpload: false,
      canEditFiles: false,
      canManageFolders: false,
    });
    expect(folderPermissions(prefs, { ...client, entityReadonly: true }, "/")).toMatchObject({ canView: true, canUpload: false });
  });
});

describe("restoring deleted documents", () => {
  it("among staff only advisors restore; clients restore where they may edit files", () => {
    expect(folderPermissions(prefs, { kind: "staff", isAdvisor: true, userReadonly: false, entityReadonly: false }, "/").canRestore).toBe(true);
    expect(folderPermissions(prefs, { kind: "staff", isAdvisor: false, userReadonly: false, entityReadonly: false }, "/").canRestore).toBe(false);
    expect(folderPermissions(prefs, client, "/").canRestore).toBe(true);
    expect(folderPermissions({ ...prefs, disableFileEditAction: true }, client, "/").canRestore).toBe(false);
    expect(folderPermissions(prefs, { ...client, entityReadonly: true }, "/").canRestore).toBe(false);
  });
  it("keeps the name unless it is taken, then adds '(restored)' before the extension", () => {
    expect(restoredName("W2.pdf", ["1099.pdf"], true)).toBe("W2.pdf");
    expect(restoredName("W2.pdf", ["w2.PDF"], true)).toBe("W2 (restored).pdf");
    expect(restoredName("W2.pdf", ["W2.pdf", "W2 (restored).pdf"], true)).toBe("W2 (restored 2).pdf");
    expect(restoredName("2025.v1", ["2025.v1"], false)).toBe("2025.v1 (restored)");
    // Many into one folder: one set of taken names, each name given added to it.
    const taken = new TakenNames(["W2.pdf"]);
    const names = ["W2.pdf", "w2.pdf", "W2.PDF", "1099.pdf"].map((name) => {
      const given = restoredName(name, taken, true);
      taken.add(given);
      return given;
    });
    expect(names).toEqual(["W2 (restored).pdf", "w2 (restored 2).pdf", "W2 (restored 3).PDF", "1099.pdf"]);
  });
});

describe("folder download as PDFs", () => {
  it("converts PNG and JPEG images only", () => {
    expect(convertibleImage("image/png")).toBe("png");
    expect(convertibleImage("image/jpeg")).toBe("jpeg");
    for (const other of ["image/gif", "image/heic", "application/pdf", null]) expect(convertibleImage(other)).toBeNull();
  });

  it("names each converted image '.pdf', avoiding names taken in the zip", () => {
    expect(
      convertedNames([
        { name: "W2.pdf", convert: false },
        { name: "W2.png", convert: true },
        { name: "W2.jpg", convert: true },
        { name: "Receipts/Lunch.JPEG", convert: true },
        { name: "Receipts/Lunch.pdf", convert: false },
        { name: "scan.heic", convert: false },
      ]),
    ).toEqual(["W2.pdf", "W2 (image).pdf", "W2 (image 2).pdf", "Receipts/Lunch (image).pdf", "Receipts/Lunch.pdf", "scan.heic"]);
  });
});
