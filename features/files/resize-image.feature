Feature: Resize an image
  The image editor shrinks or enlarges a picture to a box; a missing side
  keeps the aspect ratio. The result replaces the original or gets a new name.

  Background:
    Given the source "docs" holds the image "photo.jpg" of 800x600
    And the source "docs" holds the files:
      | path      | content      |
      | notes.txt | not an image |
    And the role "editor" may "IMAGE_RESIZE"

  Scenario: Resizing in place
    When "editor" resizes "photo.jpg" of the source "docs" to width "400" and height "300"
    Then the image "photo.jpg" of the source "docs" is 400x300

  Scenario: A missing height keeps the aspect ratio
    When "editor" resizes "photo.jpg" of the source "docs" to width "200" and height ""
    Then the image "photo.jpg" of the source "docs" is 200x150

  Scenario: Saving under a new name keeps the original
    When "editor" resizes "photo.jpg" of the source "docs" to width "100" and height "100" as "square"
    Then the image "square.jpg" of the source "docs" is 100x100
    And the image "photo.jpg" of the source "docs" is 800x600

  Scenario Outline: Boxes that make no sense are refused
    When "editor" resizes "photo.jpg" of the source "docs" to width "<width>" and height "<height>"
    Then the request fails with "INPUT.INVALID"

    Examples:
      | width  | height |
      | 0      | 10     |
      | -20    | 10     |
      | 100000 | 10     |
      |        |        |
      | wide   | 10     |

  Scenario: Only images can be resized
    When "editor" resizes "notes.txt" of the source "docs" to width "10" and height "10"
    Then the request fails with "FILES.TYPE_NOT_ALLOWED"

  Scenario: A missing image
    When "editor" resizes "gone.jpg" of the source "docs" to width "10" and height "10"
    Then the request fails with "FILES.NOT_FOUND"

  Scenario: A decompression bomb is refused from its header
    Given the source "docs" holds the image "bomb.png" of 30000x30000
    When "editor" resizes "bomb.png" of the source "docs" to width "10" and height "10"
    Then the request fails with "FILES.TOO_LARGE"

  Scenario: A role without IMAGE_RESIZE is refused
    When "visitor" resizes "photo.jpg" of the source "docs" to width "10" and height "10"
    Then the request fails with "AUTH.FORBIDDEN"
