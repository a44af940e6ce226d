/** Above the list: where we are (breadcrumbs) and the folder's own actions; below it: the folder's pages. */
import { Link } from "~/components/ui/link";
import { Button } from "~/components/ui";
import * as css from "../document-browser.css";
import { folderHref } from "./paths";

export function FolderBar({
  basePath,
  path,
  staff,
  busy,
  empty,
  onDownload,
  onCopyUrl,
}: {
  basePath: string;
  path: string;
  staff: boolean;
  /** A download is running (the button spins). */
  busy: boolean;
  /** Nothing to download. */
  empty: boolean;
  onDownload: (convert: boolean) => void;
  onCopyUrl: () => void;
}) {
  const crumbs = path === "/" ? [] : path.slice(1).split("/");
  return (
    <div className={css.header}>
      <ol className={css.breadcrumbs} aria-label="Current folder">
        <li>
          <Link className={css.crumbLink} to={basePath}>
            Home
          </Link>
        </li>
        {crumbs.map((name, i) => (
          <li key={i}>
            /{" "}
            <Link
              className={css.crumbLink}
              to={folderHref(basePath, `/${crumbs.slice(0, i + 1).join("/")}`)}
              aria-current={i === crumbs.length - 1 ? "page" : undefined}
            >
              {name}
            </Link>
          </li>
        ))}
      </ol>
      <div className={css.rowActions}>
        <Button size="sm" variant="ghost" onClick={() => onDownload(false)} loading={busy} disabled={empty}>
          Download folder
        </Button>
        {staff ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onDownload(true)}
            disabled={busy || empty}
            title="Images (PNG, JPEG) become PDFs; up to 15 MB of images"
          >
            Download as PDFs
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onCopyUrl}>
          Copy folder URL
        </Button>
      </div>
    </div>
  );
}

/** The folder's (or the search's) pages: the next and previous ones are read from this page's last and first rows. */
export function FolderPager({
  basePath,
  path,
  search,
  page,
  cursors,
  listed,
}: {
  basePath: string;
  path: string;
  search: string | null;
  page: { page: number; size: number; total: number; lastPage: number };
  cursors: { previous: string | null; next: string | null };
  listed: number;
}) {
  return (
    <nav className={css.pager} aria-label={search ? "Search result pages" : "Folder pages"}>
      <span role="status">
        {(page.page - 1) * page.size + 1}–{(page.page - 1) * page.size + listed} of {page.total.toLocaleString("en-US")}
      </span>
      <span className={css.pagerButtons}>
        <Button
          to={folderHref(basePath, path, page.page - 1, { q: search, before: cursors.previous })}
          variant="secondary"
          size="sm"
          disabled={page.page <= 1}
          aria-label="Previous page"
        >
          ‹ Previous
        </Button>
        <Button
          to={folderHref(basePath, path, page.page + 1, { q: search, after: cursors.next })}
          variant="secondary"
          size="sm"
          disabled={page.page >= page.lastPage}
          aria-label="Next page"
        >
          Next ›
        </Button>
      </span>
    </nav>
  );
}
