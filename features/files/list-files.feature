Feature: List files
  The file browser shows what is in a folder of a source, and only to a role
  that may see it.

  Background:
    Given the source "docs" holds the files:
      | path              | content |
      | readme.txt        | hello   |
      | photo.jpg         | jpeg    |
      | reports/2026.pdf  | pdf     |
      | .thumbs/photo.jpg | small   |
    And the role "guest" may "FILES"

  Scenario: Listing the root shows files but not folders or hidden entries
    When "guest" lists the folder "/" of the source "docs"
    Then the listing of "docs" shows "photo.jpg, readme.txt"

  Scenario: Folders appear when asked for, before files
    When "guest" lists the folder "/" of the source "docs" with folders
    Then the listing of "docs" shows "reports, photo.jpg, readme.txt"

  Scenario: A nested folder
    When "guest" lists the folder "reports" of the source "docs"
    Then the listing of "docs" shows "2026.pdf"

  Scenario: No source named lists every source
    Given the source "archive" holds the files:
      | path    | content |
      | old.txt | old     |
    When "guest" lists the folder "/" of every source
    Then the listing of "docs" shows "photo.jpg, readme.txt"
    And the listing of "archive" shows "old.txt"

  Scenario: A role without the permission is refused
    When "visitor" lists the folder "/" of the source "docs"
    Then the request fails with "AUTH.FORBIDDEN"

  Scenario: A path that climbs out of the source is refused
    When "guest" lists the folder "../etc" of the source "docs"
    Then the request fails with "INPUT.INVALID"

  Scenario: A folder that does not exist
    When "guest" lists the folder "missing" of the source "docs"
    Then the request fails with "FILES.NOT_FOUND"
