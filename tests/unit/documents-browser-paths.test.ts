import { describe, expect, it } from "vitest";
import { flattenFolders, folderEntries, folderHref, movableTo } from "../../app/documents/browser/paths";
import type { DocumentItem } from "../../app/documents/items.server";
import { folderTree } from "../../app/documents/rules";

const item = (itemType: "file" | "folder", path: string, name: string) => ({ itemType, path, name }) as DocumentItem;

describe("document browser links and folder choices", () => {
  it("link a folder's page, keeping the page number past the first", () => {
    expect(folderHref("/documents/abc", "/")).toBe("/documents/abc");
    expect(folderHref("/documents/abc", "/2024/W-2s")).toBe("/documents/abc?path=%2F2024%2FW-2s");
    expect(folderHref("/documents/abc", "/2024", 3)).toBe("/documents/abc?path=%2F2024&page=3");
    expect(folderHref("/documents/abc", "/", 2)).toBe("/documents/abc?page=2");
  });

  it("list every folder of the tree, the root first", () => {
    expect(flattenFolders(folderTree(["/", "/2024", "/2024/W-2s", "/Taxes"]))).toEqual(["/", "/2024", "/2024/W-2s", "/Taxes"]);
  });

  it("never offer a folder's own folder, itself or what it holds as a destination", () => {
    const folders = ["/", "/2024", "/2024/W-2s", "/2024/W-2s/Old", "/Taxes"];
    expect(movableTo(item("file", "/2024", "a.pdf"), folders)).toEqual(["/", "/2024/W-2s", "/2024/W-2s/Old", "/Taxes"]);
    expect(movableTo(item("folder", "/2024", "W-2s"), folders)).toEqual(["/", "/Taxes"]);
  });
});

describe("a folder's content", () => {
  const tree = folderTree(["/2024", "/2025", "/2025/W2s", "/Receipts"]);

  it("lists the subfolders, with or without a folder row, by name, then the files", () => {
    const items = [item("folder", "/", "Receipts"), item("file", "/", "a.pdf")];
    const entries = folderEntries(items, tree.children, true);
    expect(entries.map((e) => (e.folder ? `folder ${e.folder.name}` : `${e.item.itemType} ${e.item.name}`))).toEqual([
      "folder 2024",
      "folder 2025",
      "folder Receipts",
      "file a.pdf",
    ]);
    expect(entries[2]!.item?.name).toBe("Receipts");
  });

  it("is empty only when the folder holds nothing; later pages hold only their items", () => {
    expect(folderEntries([], [], true)).toEqual([]);
    expect(folderEntries([], tree.children, true)).toHaveLength(3);
    expect(folderEntries([item("file", "/", "b.pdf")], tree.children, false).map((e) => e.item?.name)).toEqual(["b.pdf"]);
  });
});
