/** The folder tree beside the list (folders only), each a link to its page. */
import { Link } from "~/components/ui/link";
import { FolderIcon, HomeIcon } from "~/components/ui";
import * as css from "../document-browser.css";
import type { FolderNode } from "../rules";
import { folderHref } from "./paths";

export function FolderList({ node, basePath, current, root = false }: { node: FolderNode; basePath: string; current: string; root?: boolean }) {
  return (
    <ul className={`${css.treeList} ${root ? css.treeRoot : ""}`}>
      <li>
        <Link className={css.treeLink} to={folderHref(basePath, node.path)} aria-current={node.path === current ? "page" : undefined}>
          {root ? <HomeIcon aria-hidden /> : <FolderIcon aria-hidden />}
          {node.name}
        </Link>
        {node.children.length ? (
          <ul className={css.treeList}>
            {node.children.map((child) => (
              <li key={child.path}>
                <FolderList node={child} basePath={basePath} current={current} />
              </li>
            ))}
          </ul>
        ) : null}
      </li>
    </ul>
  );
}
