Feature: Remove, move and rename files
  One name or several; each item on its own, so one failure neither stops
  nor undoes the others.

  Background:
    Given the source "docs" holds the files:
      | path        | content |
      | a.txt       | a       |
      | b.txt       | b       |
      | archive/c.txt | c     |
    And the role "editor" may do everything

  Scenario: Removing several files, one of them missing
    When "editor" removes "a.txt, ghost.txt, b.txt" from the folder "/" of the source "docs"
    Then the items done are "a.txt, b.txt"
    And the refused files are "ghost.txt" with "FILES.NOT_FOUND"
    And the source "docs" no longer holds "a.txt"

  Scenario: Moving files into a folder
    When "editor" moves "a.txt, b.txt" of the source "docs" into "archive"
    Then the items done are "a.txt, b.txt"
    And the source "docs" holds "archive/a.txt" reading "a"

  Scenario: A move never replaces a file
    Given the source "docs" holds the files:
      | path  | content |
      | c.txt | other   |
    When "editor" moves "c.txt" of the source "docs" into "archive"
    Then the refused files are "c.txt" with "FILES.ALREADY_EXISTS"
    And the source "docs" holds "archive/c.txt" reading "c"

  Scenario: Renaming a file
    When "editor" renames "a.txt" in "/" of the source "docs" to "z.txt"
    Then the source "docs" holds "z.txt" reading "a"
    And the source "docs" no longer holds "a.txt"

  Scenario: Renaming onto a taken name or a forbidden type
    When "editor" renames "a.txt" in "/" of the source "docs" to "b.txt"
    Then the request fails with "FILES.ALREADY_EXISTS"
    When "editor" renames "a.txt" in "/" of the source "docs" to "a.php"
    Then the request fails with "FILES.TYPE_NOT_ALLOWED"

  Scenario: Only a role with the permission may remove
    Given the role "reader" may "FILES"
    When "reader" removes "a.txt" from the folder "/" of the source "docs"
    Then the refused files are "a.txt" with "AUTH.FORBIDDEN"
    And the source "docs" holds "a.txt" reading "a"
