Feature: Upload files
  Files stream into a folder under the upload rules; a refused file leaves
  nothing behind and does not stop the others.

  Background:
    Given the source "docs" holds the files:
      | path      | content |
      | photo.jpg | old     |
    And the source "docs" has the folder "inbox"
    And the role "editor" may do everything
    And uploads are limited to 60 bytes of types "jpg, txt, svg"

  Scenario: A new file keeps its name
    When "editor" uploads to the folder "inbox" of the source "docs":
      | name     | content |
      | note.txt | hello   |
    Then the files stored are "inbox/note.txt"
    And the source "docs" holds "inbox/note.txt" reading "hello"

  Scenario: A taken name gets a number and the original stays
    When "editor" uploads to the folder "/" of the source "docs":
      | name      | content |
      | photo.jpg | new     |
      | photo.jpg | newer   |
    Then the files stored are "photo-1.jpg, photo-2.jpg"
    And the source "docs" holds "photo.jpg" reading "old"

  Scenario: Types not allowed and files too large are refused, the rest kept
    When "editor" uploads to the folder "inbox" of the source "docs":
      | name       | content           |
      | run.exe    | MZ                |
      | ok.txt     | fine              |
      | huge.txt   | this text is far too long for the limit of sixty bytes, surely |
    Then the files stored are "inbox/ok.txt"
    And the source "docs" no longer holds "inbox/run.exe"
    And the source "docs" no longer holds "inbox/huge.txt"

  Scenario: SVG is stored without its scripts
    Given uploads are limited to 200 bytes of types "svg"
    When "editor" uploads to the folder "/" of the source "docs":
      | name  | content                                  |
      | x.svg | <svg onload="alert(1)"><circle/></svg>   |
    Then the files stored are "x.svg"
    And the source "docs" holds "x.svg" without "onload"

  Scenario: A role without FILE_UPLOAD is refused before anything is read
    When "visitor" uploads to the folder "inbox" of the source "docs":
      | name     | content |
      | note.txt | hello   |
    Then the request fails with "AUTH.FORBIDDEN"
