Feature: Folders
  Create, list, rename, move and remove folders; hidden folders (thumbnails)
  are never shown or touched.

  Background:
    Given the source "docs" holds the files:
      | path               | content |
      | reports/2026.txt   | q1      |
      | drafts/idea.txt    | idea    |
      | .thumbs/x.jpg      | small   |
    And the role "editor" may do everything

  Scenario: The tree at the root starts with "." and hides hidden folders
    When "editor" lists the folders of "/" in the source "docs"
    Then the folder tree shows "., drafts, reports"

  Scenario: Below the root the tree starts with ".."
    When "editor" lists the folders of "reports" in the source "docs"
    Then the folder tree shows ".."

  Scenario: Creating a folder, twice
    When "editor" creates the folder "new" in "/" of the source "docs"
    Then the source "docs" has a folder "new"
    When "editor" creates the folder "new" in "/" of the source "docs"
    Then the request fails with "FILES.ALREADY_EXISTS"

  Scenario: Renaming and moving a folder with its contents
    When "editor" renames the folder "drafts" in "/" of the source "docs" to "ideas"
    Then the source "docs" holds "ideas/idea.txt" reading "idea"
    When "editor" moves the folder "ideas" of the source "docs" into "reports"
    Then the source "docs" holds "reports/ideas/idea.txt" reading "idea"

  Scenario: A folder cannot move into itself
    When "editor" moves the folder "reports" of the source "docs" into "reports/inner"
    Then the refused files are "reports" with "INPUT.INVALID"

  Scenario: Removing a folder removes its contents
    When "editor" removes the folder "reports" in "/" of the source "docs"
    Then the source "docs" no longer holds "reports/2026.txt"

  Scenario: Hidden folders are not for the client to remove
    When "editor" removes the folder ".thumbs" in "/" of the source "docs"
    Then the request fails with "INPUT.INVALID"
